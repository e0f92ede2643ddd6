import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  mapsKeyOf,
  mapsSearchUrl,
  staticMapUrl,
  type Clinic,
  type ClinicSearchAnswer,
} from '@nestling/shared/contract/clinics';
import { useId, useState, type SubmitEvent } from 'react';
import { environmentOf, useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { ClinicSharingPanel } from './clinic-sharing.tsx';
import classes from './clinics.module.css';
import { useClinicSearch, useMyClinic, useMyClinicActions } from './use-clinics.ts';

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** 12.4 -> '12 mi'; under half a mile reads as such rather than '0 mi'. */
export function milesText(miles: number): string {
  return miles < 0.5 ? 'less than 1 mi' : `${Math.round(miles).toLocaleString('en-US')} mi`;
}

/** What the distances are measured from, as a sentence; null without an origin. */
export function originText(origin: ClinicSearchAnswer['origin']): string | null {
  if (origin === null) return null;
  const place = `${origin.zip} (${origin.city}, ${origin.state})`;
  return origin.source === 'shipping'
    ? `Nearest first to ${place}, the ZIP code your kit was sent to. Search to look elsewhere.`
    : `Nearest first to ${place}.`;
}

function ClinicAddress({ clinic }: { clinic: Clinic }) {
  return (
    <Text component="address" size="sm" className={classes.address}>
      {clinic.addressLine1}
      {clinic.addressLine2 !== null && <>, {clinic.addressLine2}</>}
      <br />
      {clinic.city}, {clinic.state} {clinic.zip}
    </Text>
  );
}

function ClinicLinks({ clinic }: { clinic: Clinic }) {
  return (
    <Group gap="md">
      <Anchor href={`tel:${clinic.phone.replace(/[^\d+]/g, '')}`} size="sm">
        {clinic.phone}
      </Anchor>
      {clinic.website !== null && (
        <Anchor
          href={clinic.website}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={`Website of ${clinic.name} (opens in a new tab)`}
        >
          Website
        </Anchor>
      )}
      <Anchor
        href={mapsSearchUrl(clinic)}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        aria-label={`Open ${clinic.name} in maps (opens in a new tab)`}
      >
        Open in maps
      </Anchor>
    </Group>
  );
}

/** The person's chosen clinic, whether they share their reports with it, and a way to clear it. */
function MyClinic({ readOnly }: { readOnly: boolean }) {
  const mine = useMyClinic();
  const { clear } = useMyClinicActions();
  const headingId = useId();
  const clinic = mine.data?.clinic ?? null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId}>
        Your clinic
      </Title>
      {mine.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
      {mine.isError && (
        <Alert color="red" role="alert">
          {errorText(mine.error)}
        </Alert>
      )}
      {mine.isSuccess && clinic === null && (
        <Text>
          You have not chosen a clinic yet. Find yours below and choose “This is my clinic”.
        </Text>
      )}
      {clinic !== null && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={700}>{clinic.name}</Text>
            <ClinicAddress clinic={clinic} />
            <ClinicLinks clinic={clinic} />
            {!clinic.active && <Text size="sm">This clinic is no longer in our directory.</Text>}
            <ClinicSharingPanel
              clinic={clinic}
              sharing={mine.data?.sharing ?? null}
              readOnly={readOnly}
            />
            {clear.isError && (
              <Alert color="red" role="alert">
                {errorText(clear.error)}
              </Alert>
            )}
            {!readOnly && (
              <Group>
                <Button
                  variant="outline"
                  loading={clear.isPending}
                  onClick={() => {
                    clear.mutate();
                  }}
                >
                  Clear my clinic
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function ClinicCard({
  clinic,
  number,
  distanceMiles,
  chosen,
  readOnly,
}: {
  clinic: Clinic;
  number: number | null;
  distanceMiles: number | null;
  chosen: boolean;
  readOnly: boolean;
}) {
  const { choose } = useMyClinicActions();
  const headingId = useId();
  return (
    <Card withBorder component="li" aria-labelledby={headingId}>
      <Stack gap="xs">
        <div className={classes.header}>
          <Title order={3} id={headingId}>
            {number !== null && `${String(number)}. `}
            {clinic.name}
          </Title>
          {distanceMiles !== null && (
            <Text size="sm" fw={700}>
              {milesText(distanceMiles)}
            </Text>
          )}
        </div>
        <ClinicAddress clinic={clinic} />
        <ClinicLinks clinic={clinic} />
        {choose.isError && (
          <Alert color="red" role="alert">
            {errorText(choose.error)}
          </Alert>
        )}
        {chosen ? (
          <Group>
            <Badge color="teal.9" variant="filled">
              Your clinic
            </Badge>
          </Group>
        ) : (
          !readOnly && (
            <Group>
              <Button
                variant="outline"
                loading={choose.isPending}
                aria-label={`This is my clinic: ${clinic.name}`}
                onClick={() => {
                  choose.mutate(clinic.id);
                }}
              >
                This is my clinic
              </Button>
            </Group>
          )
        )}
      </Stack>
    </Card>
  );
}

/**
 * /clinics: the lab's partner IVF clinics. A ZIP code lists them nearest first; a name, city or
 * state filters them. The person marks the clinic they work with, which the embryo screening
 * journey then names. A map appears only when a maps key is set (ADR 021). An admin viewing
 * as the patient sees the choice but cannot change it.
 */
export function ClinicsPage() {
  const config = useRuntimeConfig();
  const mapsKey = mapsKeyOf(config.keys, environmentOf(config).name);
  const readOnly = useViewAs() !== undefined;
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const search = useClinicSearch(query);
  const mine = useMyClinic();
  const chosenId = mine.data?.clinic?.id ?? null;
  const resultsId = useId();
  const answer = search.data;
  const results = answer?.results ?? [];
  const numbered = mapsKey !== null && results.length > 0;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(draft.trim());
  };

  return (
    <>
      <PageHeading
        title="Clinics"
        lead="Find one of our partner IVF clinics and mark the one you work with. Your embryo screening journey then shows it, and you can share your reports with it."
      />
      <Stack gap="xl">
        <MyClinic readOnly={readOnly} />
        <Stack component="section" aria-labelledby={resultsId} gap="sm">
          <Title order={2} id={resultsId}>
            Find a clinic
          </Title>
          <form role="search" aria-label="Clinics" onSubmit={submit} className={classes.search}>
            <TextInput
              className={classes.searchInput}
              label="Name, city, state or ZIP code"
              description="A ZIP code lists the clinics nearest to it first."
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
              }}
            />
            <Button type="submit">Search</Button>
          </form>
          {search.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
          {search.isError && (
            <Alert color="red" role="alert">
              {errorText(search.error)}
            </Alert>
          )}
          <div role="status">
            {answer?.problem !== null && answer?.problem !== undefined && (
              <Alert color="yellow">{answer.problem}</Alert>
            )}
            {answer !== undefined && answer.problem === null && results.length === 0 && (
              <Text>
                {query === ''
                  ? 'There are no clinics in our directory yet.'
                  : `No clinics match “${query}”. Try a city, a state or a ZIP code.`}
              </Text>
            )}
            {answer !== undefined && results.length > 0 && (
              <Text>
                {originText(answer.origin) ??
                  (query === ''
                    ? 'All our partner clinics, by name.'
                    : `Clinics matching “${query}”, by name.`)}
              </Text>
            )}
          </div>
          {numbered && (
            <img
              className={classes.map}
              src={staticMapUrl(
                mapsKey,
                results.map((result) => result.clinic),
              )}
              alt="Map of the clinics listed; the numbers match the list below."
              width={640}
              height={360}
              referrerPolicy="origin"
            />
          )}
          {results.length > 0 && (
            <ol className={classes.list} aria-label="Clinics found">
              {results.map((result, index) => (
                <ClinicCard
                  key={result.clinic.id}
                  clinic={result.clinic}
                  number={numbered && index < 9 ? index + 1 : null}
                  distanceMiles={result.distanceMiles}
                  chosen={result.clinic.id === chosenId}
                  readOnly={readOnly}
                />
              ))}
            </ol>
          )}
        </Stack>
      </Stack>
    </>
  );
}
