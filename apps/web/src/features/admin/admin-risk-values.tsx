import {
  Alert,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { diseases, type DiseaseCode } from '@nestling/shared/catalogue/diseases';
import {
  keepsR2BelowHeritability,
  RISK_QUANTITIES,
  RISK_R2_ABOVE_H2_MESSAGE,
  riskConditionUpdateSchema,
  type RiskCondition,
  type RiskConditionUpdate,
  type RiskQuantity,
} from '@nestling/shared/contract/risk-calculator';
import { useEffect, useId, useRef, useState } from 'react';
import classes from './admin.module.css';
import { AdminFormActions } from './admin-form-actions.tsx';
import { fieldErrors } from './admin-forms.ts';
import { adminErrorText } from './format.ts';
import {
  useAdminRiskConditions,
  useRestoreRiskCondition,
  useSetRiskCondition,
} from './use-admin-risk-values.ts';
import { useAdminForm, type CheckedValues } from './use-admin-form.ts';
import { Dialog } from '../../ui/dialog.tsx';

const PERCENT_MESSAGE = 'Enter a percentage greater than 0 and less than 100, like 0.72';
/** The source of a lab's value is its note after this (contract/risk-calculator.ts). */
const LAB_SOURCE_PREFIX = 'Set by your lab: ';

const QUANTITY_NAMES: Record<RiskQuantity, string> = {
  prevalence: 'prevalence',
  r2: 'r²',
  heritability: 'h²',
};

/** 0.0072 -> '0.72%'; 0.291 -> '29.1%'. */
function percentText(fraction: number): string {
  return `${String(Number((fraction * 100).toPrecision(6)))}%`;
}

/** 0.07 -> '0.07', without floating-point tails. */
function fractionText(fraction: number): string {
  return String(Number(fraction.toPrecision(6)));
}

/** '' -> null (the published value); '0.5' -> 0.5; anything else -> NaN, which the schema refuses. */
function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** '0.72' or '0.72%' -> 0.0072; blank -> null. */
function parsePercent(text: string): number | null {
  const percent = parseNumber(text.trim().replace(/\s*%$/, ''));
  return percent === null ? null : Number((percent / 100).toPrecision(12));
}

function labQuantities(condition: RiskCondition): RiskQuantity[] {
  return RISK_QUANTITIES.filter((quantity) => condition[quantity].setByLab);
}

/** 'Published', 'Set by the lab' or 'Set by the lab (prevalence, r²)'. */
function originText(condition: RiskCondition): string {
  const own = labQuantities(condition);
  if (own.length === 0) return 'Published';
  if (own.length === RISK_QUANTITIES.length) return 'Set by the lab';
  return `Set by the lab (${own.map((quantity) => QUANTITY_NAMES[quantity]).join(', ')})`;
}

function labNote(condition: RiskCondition): string {
  const own = labQuantities(condition)[0];
  if (own === undefined) return '';
  const source = condition[own].source;
  return source.startsWith(LAB_SOURCE_PREFIX) ? source.slice(LAB_SOURCE_PREFIX.length) : source;
}

function RestoreButton({
  condition,
  name,
  onDone,
}: {
  condition: RiskCondition;
  name: string;
  onDone: (message: string) => void;
}) {
  const restore = useRestoreRiskCondition();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        onClick={() => {
          setConfirming(true);
        }}
      >
        Restore published values
      </Button>
      {restore.isError && (
        <Text c="red.9" role="alert">
          {adminErrorText(restore.error)}
        </Text>
      )}
      <Dialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={`Restore the published values of ${name}?`}
      >
        <Stack gap="md">
          <Text>
            The calculator will start again from the published prevalence, r² and heritability, with
            their sources. The lab’s values and note are removed.
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Keep the lab’s values
            </Button>
            <Button
              color="red.9"
              loading={restore.isPending}
              onClick={() => {
                restore.mutate(condition.code, {
                  onSuccess: () => {
                    onDone(`${name} is back to the published values.`);
                  },
                  onSettled: () => {
                    setConfirming(false);
                  },
                });
              }}
            >
              Restore
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

function RiskValuesForm({
  condition,
  onClose,
}: {
  condition: RiskCondition;
  /** With what to announce, once the values were saved or restored; without, on cancel. */
  onClose: (message?: string) => void;
}) {
  const save = useSetRiskCondition();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = diseases[condition.code].name;
  const own = (quantity: RiskQuantity, text: (value: number) => string) =>
    condition[quantity].setByLab ? text(condition[quantity].value) : '';
  const form = useAdminForm({
    initialValues: () => ({
      prevalence: own('prevalence', (value) => String(Number((value * 100).toPrecision(6)))),
      r2: own('r2', fractionText),
      heritability: own('heritability', fractionText),
      note: labNote(condition),
    }),
    action: save,
    check: (values): CheckedValues<RiskConditionUpdate> => {
      const body = {
        prevalence: parsePercent(values.prevalence),
        r2: parseNumber(values.r2),
        heritability: parseNumber(values.heritability),
        note: values.note,
      };
      // The schema's own rule (at least one value) stays at '', for the alert.
      const errors = fieldErrors(riskConditionUpdateSchema, body);
      if (errors.prevalence !== undefined) errors.prevalence = PERCENT_MESSAGE;
      const parsed = riskConditionUpdateSchema.safeParse(body);
      if (parsed.success && !keepsR2BelowHeritability(condition.code, parsed.data)) {
        errors.r2 = RISK_R2_ABOVE_H2_MESSAGE;
      }
      return { body: parsed.data, errors };
    },
  });

  // The form opens below the table: take the reader there.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const submit = form.onSubmit((body) => {
    save.mutate(
      { code: condition.code, body },
      {
        onSuccess: () => {
          onClose(`${name} now starts from the lab’s values.`);
        },
      },
    );
  });
  const published = (quantity: RiskQuantity, text: (value: number) => string) =>
    condition[quantity].setByLab
      ? 'Leave blank for the published value.'
      : `Now the published ${text(condition[quantity].value)}. Leave blank to keep it.`;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <Stack gap="sm">
          <Title order={3} id={headingId} ref={headingRef} tabIndex={-1}>
            {`Values for ${name}`}
          </Title>
          <Text size="sm">
            Patients start the calculator from these values and can change them. A blank field uses
            the published value, with its citation.
          </Text>
          <TextInput
            label="Prevalence in %"
            description={published('prevalence', percentText)}
            inputMode="decimal"
            {...form.field('prevalence')}
            maw={360}
          />
          <TextInput
            label="Score r² (a fraction from 0 to 1)"
            description={published('r2', fractionText)}
            inputMode="decimal"
            {...form.field('r2')}
            maw={360}
          />
          <TextInput
            label="Heritability h² (a fraction from 0 to 1)"
            description={published('heritability', fractionText)}
            inputMode="decimal"
            {...form.field('heritability')}
            maw={360}
          />
          <Textarea
            label="Note"
            description="Where the values come from. Patients see it as their source."
            {...form.field('note')}
            required
            rows={2}
          />
          <AdminFormActions form={form} submitLabel="Save">
            <Button
              variant="default"
              onClick={() => {
                onClose();
              }}
            >
              Cancel
            </Button>
            {labQuantities(condition).length > 0 && (
              <RestoreButton condition={condition} name={name} onDone={onClose} />
            )}
          </AdminFormActions>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The risk calculator's starting values per condition: published, or the lab's own with a note
 * saying where they come from. Staff edit them one condition at a time, or restore the
 * published ones.
 */
export function AdminRiskValues() {
  const conditions = useAdminRiskConditions();
  const headingId = useId();
  const [editing, setEditing] = useState<DiseaseCode | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const editButtons = useRef(new Map<DiseaseCode, HTMLButtonElement>());
  const condition = conditions.data?.conditions.find((candidate) => candidate.code === editing);

  const close = (code: DiseaseCode, message?: string) => {
    setEditing(null);
    setAnnouncement(message ?? '');
    // Back to where the person was: the row's own button.
    editButtons.current.get(code)?.focus();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        Risk calculator values
      </Title>
      <Text>
        The risk calculator starts each condition from a published prevalence, score r² and
        heritability h². Replace them with your lab’s own, with a note saying where they come from;
        patients see that note as the source.
      </Text>
      {conditions.isPending && <Text role="status">Loading the values…</Text>}
      {conditions.isError && (
        <Alert color="red" title="The values could not be loaded" role="alert">
          {adminErrorText(conditions.error)}
        </Alert>
      )}
      {conditions.data !== undefined && (
        <div className={classes.scroll} tabIndex={0} role="region" aria-label="Condition values">
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Condition</Table.Th>
                <Table.Th scope="col">Prevalence</Table.Th>
                <Table.Th scope="col">r²</Table.Th>
                <Table.Th scope="col">h²</Table.Th>
                <Table.Th scope="col">Values</Table.Th>
                <Table.Th scope="col">Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conditions.data.conditions.map((row) => {
                const name = diseases[row.code].name;
                return (
                  <Table.Tr key={row.code}>
                    <Table.Th scope="row">{name}</Table.Th>
                    <Table.Td>{percentText(row.prevalence.value)}</Table.Td>
                    <Table.Td>{fractionText(row.r2.value)}</Table.Td>
                    <Table.Td>{fractionText(row.heritability.value)}</Table.Td>
                    <Table.Td>
                      {originText(row)}
                      {row.changedBy !== null && <Text size="xs">by {row.changedBy}</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${name}`}
                        ref={(button) => {
                          if (button === null) editButtons.current.delete(row.code);
                          else editButtons.current.set(row.code, button);
                        }}
                        onClick={() => {
                          setAnnouncement('');
                          setEditing(row.code);
                        }}
                      >
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Text size="sm" role="status">
        {announcement}
      </Text>
      {condition !== undefined && (
        <RiskValuesForm
          key={condition.code}
          condition={condition}
          onClose={(message) => {
            close(condition.code, message);
          }}
        />
      )}
    </Stack>
  );
}
