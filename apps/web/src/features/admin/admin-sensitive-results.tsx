import {
  Alert,
  Button,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { diseaseCodes, getDisease } from '@nestling/shared/catalogue/diseases';
import {
  SENSITIVE_RULE_EXISTS,
  sensitiveRuleInputSchema,
  type SensitiveRule,
  type SensitiveRuleInput,
  type SensitiveRuleKind,
} from '@nestling/shared/contract/sensitive-results';
import { useState } from 'react';
import { useSensitiveRuleActions, useSensitiveRules } from '../sensitive-results/index.ts';
import { AdminFormActions } from './admin-form-actions.tsx';
import { fieldErrors } from './admin-forms.ts';
import { adminErrorText, formatAuditTime } from './format.ts';
import { useAdminForm, type CheckedValues } from './use-admin-form.ts';

/** What a rule holds back, as staff read it: the condition's name, or the gene. */
function ruleName(rule: Pick<SensitiveRule, 'kind' | 'code'>): string {
  return rule.kind === 'condition' ? getDisease(rule.code).name : `${rule.code} (gene)`;
}

const CONDITIONS = diseaseCodes
  .map((code) => ({ value: code, label: getDisease(code).name }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The form's fields as typed: a condition or a gene, whichever the kind asks for. */
interface RuleFields {
  kind: SensitiveRuleKind;
  condition: string;
  gene: string;
  note: string;
}

/** The rule the fields make: the chosen condition, or the gene symbol in capitals. */
function checkRule({ kind, condition, gene, note }: RuleFields): CheckedValues<SensitiveRuleInput> {
  const value = { kind, code: kind === 'condition' ? condition : gene.toUpperCase(), note };
  const errors = fieldErrors(sensitiveRuleInputSchema, value);
  if (Object.keys(errors).length > 0) return { errors };
  return { body: sensitiveRuleInputSchema.parse(value), errors };
}

function AddRuleForm({ onAdded }: { onAdded: (message: string) => void }) {
  const { add } = useSensitiveRuleActions();
  const form = useAdminForm({
    initialValues: (): RuleFields => ({ kind: 'condition', condition: '', gene: '', note: '' }),
    action: add,
    check: checkRule,
  });
  const submit = form.onSubmit((body) => {
    add.mutate(body, {
      onSuccess: (rule) => {
        form.setValues((previous) => ({ ...previous, condition: '', gene: '', note: '' }));
        onAdded(`${ruleName(rule)} is now held back until each person chooses to see it.`);
      },
    });
  });
  const exists =
    add.isError && add.error instanceof Error && add.error.message === SENSITIVE_RULE_EXISTS;

  return (
    <form onSubmit={submit} noValidate aria-label="Add a sensitive result">
      <Stack gap="sm">
        <Title order={3}>Add a sensitive result</Title>
        <NativeSelect
          label="What to hold back"
          value={form.values.kind}
          data={[
            { value: 'condition', label: 'A condition (its risk results)' },
            { value: 'gene', label: 'A gene (its single-gene findings and carrier matches)' },
          ]}
          onChange={(event) => {
            const kind = event.currentTarget.value === 'gene' ? 'gene' : 'condition';
            form.setValues((previous) => ({ ...previous, kind }));
            form.clearErrors();
          }}
        />
        {form.values.kind === 'condition' ? (
          <NativeSelect
            label="Condition"
            required
            {...form.field('condition', 'code')}
            data={[{ value: '', label: 'Choose a condition' }, ...CONDITIONS]}
          />
        ) : (
          <TextInput
            label="Gene symbol"
            description="As HGNC writes it, like BRCA1 or APOE."
            required
            {...form.field('gene', 'code')}
          />
        )}
        <TextInput
          label="Note for staff"
          description="Why it is held back. Patients do not see it."
          {...form.field('note')}
        />
        {/* A rule that exists already is no failure: the result is held back as asked. */}
        <AdminFormActions form={form} submitLabel="Add" alertColor={exists ? 'yellow' : 'red'} />
      </Stack>
    </form>
  );
}

/**
 * /admin?tab=sensitive-results: the conditions and genes whose results every report holds back
 * until the person reading chooses to see them (ADR 022). Each change is audited.
 */
export function AdminSensitiveResults() {
  const rules = useSensitiveRules();
  const { remove } = useSensitiveRuleActions();
  const [done, setDone] = useState<string | null>(null);
  const list = rules.data?.rules ?? [];

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2}>Sensitive results</Title>
        <Text>
          Results for these conditions and genes are held back in every report, on the page, in the
          PDF and in the archive, until the person reading chooses to see them. Each person is first
          offered a genetic counseling appointment; each partner of a couple chooses for themselves.
        </Text>
      </Stack>
      <Text size="sm" role="status">
        {done}
      </Text>
      {rules.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
      {rules.isError && (
        <Alert color="red" role="alert">
          {adminErrorText(rules.error)}
        </Alert>
      )}
      {rules.isSuccess && list.length === 0 && (
        <Text>No result is held back: every report shows all its results.</Text>
      )}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Caption>Held back until each person chooses</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Held back</Table.Th>
                <Table.Th scope="col">Note</Table.Th>
                <Table.Th scope="col">Added</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Th scope="row">{ruleName(rule)}</Table.Th>
                  <Table.Td>{rule.note}</Table.Td>
                  <Table.Td>{formatAuditTime(rule.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`Stop holding back ${ruleName(rule)}`}
                      loading={remove.isPending && remove.variables === rule.id}
                      onClick={() => {
                        remove.mutate(rule.id, {
                          onSuccess: () => {
                            setDone(`${ruleName(rule)} is shown in every report again.`);
                          },
                        });
                      }}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.isError && (
        <Alert color="red" role="alert">
          {adminErrorText(remove.error)}
        </Alert>
      )}
      <AddRuleForm onAdded={setDone} />
    </Stack>
  );
}
