import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  availabilityUpdateSchema,
  counselorInputSchema,
  phoneText,
  SLOT_MINUTES,
  type AdminCounselor,
  type AvailabilityWindow,
  type CounselorInput,
} from '@nestling/shared/contract/appointments';
import { useId, useState, type SubmitEvent } from 'react';
import { browserTimeZone, localDateKey, timeText } from '../appointments/index.ts';
import { AdminFormActions } from './admin-form-actions.tsx';
import { fieldErrors } from './admin-forms.ts';
import { adminErrorText } from './format.ts';
import {
  useAdminCounselors,
  useCounselorActions,
  useDayAppointments,
} from './use-admin-counselors.ts';
import { useAdminForm } from './use-admin-form.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function weekdayName(weekday: number): string {
  return WEEKDAYS[weekday - 1] ?? String(weekday);
}

/** The booked appointments of one day, in the staff member's time zone. */
function DayAppointments({ timeZone }: { timeZone: string }) {
  const [date, setDate] = useState(() => localDateKey(new Date(), timeZone));
  const day = useDayAppointments(date, timeZone);
  const appointments = day.data?.appointments ?? [];
  return (
    <Stack gap="sm">
      <Title order={2}>Appointments of the day</Title>
      <TextInput
        label="Day"
        type="date"
        value={date}
        onChange={(event) => {
          setDate(event.currentTarget.value);
        }}
        description={`Times in ${timeZone}`}
        maw={220}
      />
      {day.isPending && day.fetchStatus !== 'idle' && (
        <Loader size="sm" role="status" aria-label="Loading" />
      )}
      {day.isError && (
        <Alert color="red" role="alert">
          {adminErrorText(day.error)}
        </Alert>
      )}
      {day.isSuccess && appointments.length === 0 && <Text>No appointments on this day.</Text>}
      {appointments.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Caption>Appointments on {date}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Time</Table.Th>
                <Table.Th scope="col">Counselor</Table.Th>
                <Table.Th scope="col">Person</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">How</Table.Th>
                <Table.Th scope="col">Note for the counselor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {appointments.map((appointment) => (
                <Table.Tr key={appointment.id}>
                  <Table.Td>
                    {timeText(appointment.startsAt, timeZone)} –{' '}
                    {timeText(appointment.endsAt, timeZone)}
                  </Table.Td>
                  <Table.Td>{appointment.counselorName}</Table.Td>
                  <Table.Td>{appointment.personName}</Table.Td>
                  <Table.Td>{appointment.personEmail}</Table.Td>
                  <Table.Td>
                    {appointment.method === 'video' ? (
                      appointment.joinUrl === null ? (
                        'Video'
                      ) : (
                        <Anchor
                          href={appointment.joinUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          Join the video visit
                        </Anchor>
                      )
                    ) : (
                      `Phone: ${appointment.phone === null ? '–' : phoneText(appointment.phone)}`
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{appointment.note || '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Adds a counselor, or changes one. */
function CounselorForm({
  counselor,
  defaultTimeZone,
  onDone,
}: {
  counselor?: AdminCounselor;
  defaultTimeZone: string;
  onDone?: () => void;
}) {
  const { create, update } = useCounselorActions();
  const action = counselor === undefined ? create : update;
  const form = useAdminForm({
    initialValues: (): CounselorInput => ({
      name: counselor?.name ?? '',
      email: counselor?.email ?? '',
      bio: counselor?.bio ?? '',
      timeZone: counselor?.timeZone ?? defaultTimeZone,
      active: counselor?.active ?? true,
    }),
    action,
    check: (values) => {
      const errors = fieldErrors(counselorInputSchema, values);
      if (Object.keys(errors).length > 0) return { errors };
      return { body: counselorInputSchema.parse(values), errors };
    },
  });

  const submit = form.onSubmit((body) => {
    const onSuccess = () => {
      if (counselor === undefined) {
        form.setValues({ name: '', email: '', bio: '', timeZone: defaultTimeZone, active: true });
      }
      onDone?.();
    };
    if (counselor === undefined) create.mutate(body, { onSuccess });
    else update.mutate({ id: counselor.id, body }, { onSuccess });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={counselor === undefined ? 'Add a counselor' : `Change ${counselor.name}`}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label="Name" required {...form.field('name')} />
          <TextInput label="Email" type="email" required {...form.field('email')} />
        </Group>
        <Textarea
          label="Short bio"
          description="Patients see it when they choose a time."
          rows={3}
          {...form.field('bio')}
        />
        <TextInput
          label="Time zone"
          description="The zone of the counselor's hours, like America/Chicago."
          required
          {...form.field('timeZone')}
        />
        <Checkbox label="Takes new appointments" {...form.checkbox('active')} />
        <AdminFormActions
          form={form}
          submitLabel={counselor === undefined ? 'Add counselor' : 'Save counselor'}
          onClose={counselor === undefined ? undefined : onDone}
        />
      </Stack>
    </form>
  );
}

/** The counselor's week: periods of a weekday, each cut into slots. */
function HoursEditor({ counselor, onDone }: { counselor: AdminCounselor; onDone: () => void }) {
  const { setHours } = useCounselorActions();
  const [windows, setWindows] = useState<AvailabilityWindow[]>(counselor.windows);
  const [problem, setProblem] = useState<string | null>(null);
  const change = (index: number, changes: Partial<AvailabilityWindow>) => {
    setWindows((previous) =>
      previous.map((window, at) => (at === index ? { ...window, ...changes } : window)),
    );
  };
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = availabilityUpdateSchema.safeParse({ windows });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the hours');
      return;
    }
    setProblem(null);
    setHours.mutate({ id: counselor.id, body: parsed.data }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Hours of ${counselor.name}`}>
      <Stack gap="sm">
        <Text size="sm">Times in {counselor.timeZone}.</Text>
        {windows.length === 0 && <Text>No hours yet: add a period.</Text>}
        {windows.map((window, index) => {
          const label = `Period ${String(index + 1)}`;
          return (
            <Group key={index} align="flex-end" role="group" aria-label={label}>
              <NativeSelect
                label="Weekday"
                value={String(window.weekday)}
                onChange={(event) => {
                  change(index, { weekday: Number(event.currentTarget.value) });
                }}
                data={WEEKDAYS.map((name, at) => ({ value: String(at + 1), label: name }))}
              />
              <TextInput
                label="From"
                type="time"
                value={window.start}
                onChange={(event) => {
                  change(index, { start: event.currentTarget.value });
                }}
              />
              <TextInput
                label="To"
                type="time"
                value={window.end}
                onChange={(event) => {
                  change(index, { end: event.currentTarget.value });
                }}
              />
              <NativeSelect
                label="Slot length"
                value={String(window.slotMinutes)}
                onChange={(event) => {
                  change(index, {
                    slotMinutes: Number(
                      event.currentTarget.value,
                    ) as AvailabilityWindow['slotMinutes'],
                  });
                }}
                data={SLOT_MINUTES.map((minutes) => ({
                  value: String(minutes),
                  label: `${String(minutes)} minutes`,
                }))}
              />
              <Button
                variant="default"
                aria-label={`Remove period ${String(index + 1)}`}
                onClick={() => {
                  setWindows((previous) => previous.filter((_, at) => at !== index));
                }}
              >
                Remove
              </Button>
            </Group>
          );
        })}
        {problem !== null && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {setHours.isError && (
          <Alert color="red" role="alert">
            {adminErrorText(setHours.error)}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            onClick={() => {
              setWindows((previous) => [
                ...previous,
                { weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30 },
              ]);
            }}
          >
            Add a period
          </Button>
          <Button type="submit" loading={setHours.isPending}>
            Save hours
          </Button>
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CounselorCard({
  counselor,
  defaultTimeZone,
}: {
  counselor: AdminCounselor;
  defaultTimeZone: string;
}) {
  const [editing, setEditing] = useState<'details' | 'hours' | null>(null);
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} id={headingId}>
            {counselor.name}
          </Title>
          <Badge color={counselor.active ? 'teal.9' : 'gray.8'} variant="filled">
            {counselor.active ? 'Takes appointments' : 'Inactive'}
          </Badge>
        </Group>
        <Text size="sm">
          {counselor.email} · {counselor.timeZone}
        </Text>
        {counselor.bio !== '' && <Text size="sm">{counselor.bio}</Text>}
        {counselor.windows.length === 0 ? (
          <Text size="sm">No weekly hours yet.</Text>
        ) : (
          <Stack component="ul" gap={2} m={0}>
            {counselor.windows.map((window) => (
              <Text component="li" size="sm" key={`${String(window.weekday)} ${window.start}`}>
                {weekdayName(window.weekday)} {window.start}–{window.end},{' '}
                {String(window.slotMinutes)}-minute slots
              </Text>
            ))}
          </Stack>
        )}
        {editing === null && (
          <Group>
            <Button
              variant="outline"
              onClick={() => {
                setEditing('hours');
              }}
            >
              Edit hours
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setEditing('details');
              }}
            >
              Edit details
            </Button>
          </Group>
        )}
        {editing === 'hours' && (
          <HoursEditor
            counselor={counselor}
            onDone={() => {
              setEditing(null);
            }}
          />
        )}
        {editing === 'details' && (
          <CounselorForm
            counselor={counselor}
            defaultTimeZone={defaultTimeZone}
            onDone={() => {
              setEditing(null);
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

/**
 * The counselors tab of /admin: the day's appointments, the counselors with their weekly
 * hours, and a form to add one. Times of the day's list are in the staff member's zone; a
 * counselor's hours are in the counselor's.
 */
export function AdminCounselors({ timeZone = browserTimeZone() }: { timeZone?: string }) {
  const counselors = useAdminCounselors();
  const list = counselors.data?.counselors ?? [];
  return (
    <Stack gap="xl">
      <DayAppointments timeZone={timeZone} />
      <Stack gap="sm">
        <Title order={2}>Counselors</Title>
        {counselors.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
        {counselors.isError && (
          <Alert color="red" role="alert">
            {adminErrorText(counselors.error)}
          </Alert>
        )}
        {counselors.isSuccess && list.length === 0 && <Text>No counselors yet.</Text>}
        {list.map((counselor) => (
          <CounselorCard key={counselor.id} counselor={counselor} defaultTimeZone={timeZone} />
        ))}
      </Stack>
      <Stack gap="sm">
        <Title order={2}>Add a counselor</Title>
        <CounselorForm defaultTimeZone={timeZone} />
      </Stack>
    </Stack>
  );
}
