import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  clinicInputSchema,
  LATITUDE_MESSAGE,
  LONGITUDE_MESSAGE,
  type AdminClinic,
  type ClinicInput,
} from '@nestling/shared/contract/clinics';
import { US_STATES } from '@nestling/shared/contract/purchase';
import { useId, useState } from 'react';
import { AdminFormActions } from './admin-form-actions.tsx';
import { fieldErrors } from './admin-forms.ts';
import classes from './admin-clinics.module.css';
import { adminErrorText } from './format.ts';
import { useAdminClinics, useClinicActions } from './use-admin-clinics.ts';
import { useAdminForm, type CheckedValues } from './use-admin-form.ts';

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...US_STATES.map((code) => ({ value: code, label: code })),
];

/** The form's fields as typed: every one text, the location optional. */
interface ClinicFields {
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  website: string;
  resultsEmail: string;
  latitude: string;
  longitude: string;
  active: boolean;
}

function fieldsOf(clinic?: AdminClinic): ClinicFields {
  return {
    name: clinic?.name ?? '',
    addressLine1: clinic?.addressLine1 ?? '',
    addressLine2: clinic?.addressLine2 ?? '',
    city: clinic?.city ?? '',
    state: clinic?.state ?? '',
    zip: clinic?.zip ?? '',
    phone: clinic?.phone ?? '',
    website: clinic?.website ?? '',
    resultsEmail: clinic?.resultsEmail ?? '',
    latitude: clinic === undefined ? '' : String(clinic.latitude),
    longitude: clinic === undefined ? '' : String(clinic.longitude),
    active: clinic?.active ?? true,
  };
}

/** '' -> null; a number's text -> the number; anything else -> NaN, which the contract refuses. */
function coordinate(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** The request body the fields make, and the messages of the fields the contract refuses. */
function bodyOf(fields: ClinicFields): CheckedValues<ClinicInput> {
  const value = {
    ...fields,
    addressLine2: fields.addressLine2.trim() === '' ? null : fields.addressLine2,
    website: fields.website.trim() === '' ? null : fields.website,
    resultsEmail: fields.resultsEmail.trim() === '' ? null : fields.resultsEmail,
    latitude: coordinate(fields.latitude),
    longitude: coordinate(fields.longitude),
  };
  const errors = fieldErrors(clinicInputSchema, value);
  if (Number.isNaN(value.latitude)) errors.latitude = LATITUDE_MESSAGE;
  if (Number.isNaN(value.longitude)) errors.longitude = LONGITUDE_MESSAGE;
  if (Object.keys(errors).length > 0) return { errors };
  return { body: clinicInputSchema.parse(value), errors };
}

/** Adds a clinic, or changes one. */
function ClinicForm({ clinic, onDone }: { clinic?: AdminClinic; onDone?: () => void }) {
  const { create, update } = useClinicActions();
  const action = clinic === undefined ? create : update;
  const form = useAdminForm({ initialValues: () => fieldsOf(clinic), action, check: bodyOf });
  const locationHelpId = useId();

  const submit = form.onSubmit((body) => {
    const onSuccess = () => {
      if (clinic === undefined) form.setValues(fieldsOf());
      onDone?.();
    };
    if (clinic === undefined) create.mutate(body, { onSuccess });
    else update.mutate({ id: clinic.id, body }, { onSuccess });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={clinic === undefined ? 'Add a clinic' : `Change ${clinic.name}`}
    >
      <Stack gap="sm">
        <TextInput label="Name" required {...form.field('name')} />
        <TextInput label="Street address" required {...form.field('addressLine1')} />
        <TextInput label="Suite, floor (optional)" {...form.field('addressLine2')} />
        <div className={classes.row}>
          <TextInput label="City" required {...form.field('city')} />
          <NativeSelect label="State" required data={STATE_OPTIONS} {...form.field('state')} />
          <TextInput label="ZIP code" required inputMode="numeric" {...form.field('zip')} />
        </div>
        <div className={classes.row}>
          <TextInput label="Phone" type="tel" required {...form.field('phone')} />
          <TextInput
            label="Website (optional)"
            type="url"
            placeholder="https://"
            {...form.field('website')}
          />
        </div>
        <TextInput
          label="Results email (optional)"
          type="email"
          description="Where the links to reports that patients share with this clinic are sent. Without one, patients cannot share reports with it through the portal."
          {...form.field('resultsEmail')}
        />
        <fieldset className={classes.fieldset} aria-describedby={locationHelpId}>
          <legend className={classes.legend}>Location (optional)</legend>
          <Text size="xs" id={locationHelpId} mb="xs">
            Leave both empty to place the clinic at the center of its ZIP code.
          </Text>
          <div className={classes.row}>
            <TextInput label="Latitude" inputMode="decimal" {...form.field('latitude')} />
            <TextInput label="Longitude" inputMode="decimal" {...form.field('longitude')} />
          </div>
        </fieldset>
        <Checkbox label="Listed for patients" {...form.checkbox('active')} />
        <AdminFormActions
          form={form}
          submitLabel={clinic === undefined ? 'Add clinic' : 'Save clinic'}
          onClose={clinic === undefined ? undefined : onDone}
        />
      </Stack>
    </form>
  );
}

function ClinicCard({ clinic }: { clinic: AdminClinic }) {
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} id={headingId}>
            {clinic.name}
          </Title>
          <Badge color={clinic.active ? 'teal.9' : 'gray.8'} variant="filled">
            {clinic.active ? 'Listed' : 'Inactive'}
          </Badge>
        </Group>
        <Text size="sm">
          {[clinic.addressLine1, clinic.addressLine2, clinic.city].filter(Boolean).join(', ')},{' '}
          {clinic.state} {clinic.zip} · {clinic.phone}
          {clinic.website !== null && ` · ${clinic.website}`}
        </Text>
        <Text size="sm">
          {clinic.resultsEmail === null
            ? 'Receives no shared reports'
            : `Shared reports go to ${clinic.resultsEmail}`}
        </Text>
        {editing ? (
          <ClinicForm
            clinic={clinic}
            onDone={() => {
              setEditing(false);
            }}
          />
        ) : (
          <Group>
            <Button
              variant="outline"
              aria-label={`Edit ${clinic.name}`}
              onClick={() => {
                setEditing(true);
              }}
            >
              Edit
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The clinics tab of /admin: the partner clinic directory patients search on /clinics. A
 * clinic taken off the list (not listed) is no longer offered; patients who chose it keep it.
 */
export function AdminClinics() {
  const clinics = useAdminClinics();
  const list = clinics.data?.clinics ?? [];
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2}>Clinics</Title>
        {clinics.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
        {clinics.isError && (
          <Alert color="red" role="alert">
            {adminErrorText(clinics.error)}
          </Alert>
        )}
        {clinics.isSuccess && list.length === 0 && <Text>No clinics yet.</Text>}
        {list.map((clinic) => (
          <ClinicCard key={clinic.id} clinic={clinic} />
        ))}
      </Stack>
      <Stack gap="sm">
        <Title order={2}>Add a clinic</Title>
        <ClinicForm />
      </Stack>
    </Stack>
  );
}
