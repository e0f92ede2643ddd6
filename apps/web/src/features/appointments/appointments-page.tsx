import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  APPOINTMENT_HORIZON_DAYS,
  phoneText,
  tooManyAppointments,
  type Appointment,
  type PublicCounselor,
  type Slot,
} from '@nestling/shared/contract/appointments';
import { useId, useRef, useState } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { useCurrentUser } from '../session/index.ts';
import classes from './appointments.module.css';
import { ConfirmStep, meetingText, type VisitChoice } from './confirm-step.tsx';
import {
  browserTimeZone,
  dayAndTimeText,
  dayText,
  shortDayText,
  slotsByDay,
  timeText,
  weekRange,
} from './slot-times.ts';
import {
  useAppointmentActions,
  useFreeSlots,
  useUpcomingAppointments,
} from './use-appointments.ts';

const LAST_WEEK = Math.floor(APPOINTMENT_HORIZON_DAYS / 7) - 1;

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

function counselorName(counselors: readonly PublicCounselor[], id: string): string {
  return counselors.find((counselor) => counselor.id === id)?.name ?? 'a counselor';
}

/** One upcoming appointment, with moving and canceling while they are allowed. */
function UpcomingAppointment({
  appointment,
  timeZone,
  readOnly,
  now,
  onMove,
  onCanceled,
}: {
  appointment: Appointment;
  timeZone: string;
  readOnly: boolean;
  now: Date;
  onMove: () => void;
  onCanceled: (message: string) => void;
}) {
  const { cancel } = useAppointmentActions();
  const [confirming, setConfirming] = useState(false);
  const when = `${dayAndTimeText(appointment.startsAt, timeZone)} – ${timeText(appointment.endsAt, timeZone)}`;
  const changeable = Date.parse(appointment.changeableUntil) > now.getTime();
  return (
    <Paper withBorder p="md" component="li">
      <Stack gap="xs">
        <Text fw={700}>{when}</Text>
        <Text>With {appointment.counselor.name}</Text>
        <Text>{meetingText(appointment)}</Text>
        {appointment.joinUrl !== null && (
          <Stack gap={4}>
            <Anchor href={appointment.joinUrl} target="_blank" rel="noopener noreferrer" fw={700}>
              Join the video visit
            </Anchor>
            <Text size="sm">
              The link opens the video room at any time; please join a few minutes before{' '}
              {timeText(appointment.startsAt, timeZone)}. Only you and your counselor have it.
            </Text>
          </Stack>
        )}
        {appointment.note !== '' && (
          <Text size="sm">Your note for the counselor: {appointment.note}</Text>
        )}
        {!readOnly && changeable && !confirming && (
          <Group>
            <Button variant="outline" onClick={onMove}>
              Move
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setConfirming(true);
              }}
            >
              Cancel appointment
            </Button>
          </Group>
        )}
        {!readOnly && changeable && confirming && (
          <Stack gap="xs">
            <Text>Cancel your appointment on {when}?</Text>
            <Group>
              <Button
                color="red.9"
                loading={cancel.isPending}
                onClick={() => {
                  // Not mutate's own onSuccess: the refreshed list drops this item, and an
                  // unmounted caller's callbacks never run. A refusal shows from cancel.error.
                  cancel
                    .mutateAsync(appointment.id)
                    .then(() => {
                      onCanceled(`Your appointment on ${when} is canceled. We sent you an email.`);
                    })
                    .catch(() => undefined);
                }}
              >
                Yes, cancel it
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setConfirming(false);
                  cancel.reset();
                }}
              >
                Keep it
              </Button>
            </Group>
          </Stack>
        )}
        {!changeable && (
          <Text size="sm">
            It starts in less than 24 hours, so it can no longer be moved or canceled here. To
            change it, please write to us.
          </Text>
        )}
        {cancel.isError && (
          <Alert color="red" role="alert">
            {errorText(cancel.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** A week of free slots to choose from; books a new appointment or moves `moving`. */
function SlotPicker({
  timeZone,
  now,
  moving,
  onDone,
  onStopMoving,
}: {
  timeZone: string;
  /** When the page opened: the weeks count from it, so that they stay put while it is open. */
  now: Date;
  moving: Appointment | null;
  onDone: (message: string) => void;
  onStopMoving: () => void;
}) {
  const headingId = useId();
  const { brand } = useRuntimeConfig();
  const [week, setWeek] = useState(0);
  const [counselorId, setCounselorId] = useState('');
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Slot | null>(null);
  /** The time button that opened the confirm step: focus goes back to it. */
  const chosenButton = useRef<HTMLButtonElement | null>(null);
  const profilePhone = useCurrentUser().data?.phone ?? '';
  const range = weekRange(now, week);
  const slots = useFreeSlots(range);
  const { book, reschedule } = useAppointmentActions();
  const action = moving === null ? book : reschedule;
  const counselors = slots.data?.counselors ?? [];
  const shown = (slots.data?.slots ?? []).filter(
    (slot) => counselorId === '' || slot.counselorId === counselorId,
  );
  const days = slotsByDay(shown, timeZone);
  // One day's times at a time (a week can hold dozens): the chosen day, else the first free one.
  const day = days.find((candidate) => candidate.key === dayKey) ?? days[0];
  const noCounselors = slots.isSuccess && counselors.length === 0;
  const several = counselors.length > 1;
  // The counselor's name goes on each time only while times of several are mixed.
  const namesOnTimes = several && counselorId === '';

  const confirm = (choice: VisitChoice) => {
    if (chosen === null) return;
    const when = dayAndTimeText(chosen.startsAt, timeZone);
    const request = {
      counselorId: chosen.counselorId,
      startsAt: chosen.startsAt,
      timeZone,
      ...choice,
    };
    const onSuccess = () => {
      setChosen(null);
      onDone(
        moving === null
          ? `Booked for ${when}. We sent a confirmation with a calendar invitation to your email.`
          : `Moved to ${when}. We sent the updated calendar invitation to your email.`,
      );
    };
    const done =
      moving === null
        ? book.mutateAsync(request)
        : reschedule.mutateAsync({ id: moving.id, ...request });
    // A refusal shows from the mutation's error.
    done.then(onSuccess).catch(() => undefined);
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId}>
        {moving === null
          ? 'Book a time'
          : `Choose a new time for ${dayAndTimeText(moving.startsAt, timeZone)}`}
      </Title>
      {moving !== null && (
        <Group>
          <Button variant="default" onClick={onStopMoving}>
            Keep the current time
          </Button>
        </Group>
      )}
      {noCounselors ? (
        <Alert color="blue" title="No counselor is taking appointments yet">
          Our genetic counselors have not opened their calendars here yet. Please write to us at{' '}
          <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor> and we will
          arrange a time with you.
        </Alert>
      ) : (
        <Group justify="space-between" align="flex-end">
          <Group gap="xs">
            <Button
              variant="default"
              disabled={week === 0}
              onClick={() => {
                setWeek(week - 1);
                setDayKey(null);
                setChosen(null);
              }}
            >
              Earlier week
            </Button>
            <Button
              variant="default"
              disabled={week >= LAST_WEEK}
              onClick={() => {
                setWeek(week + 1);
                setDayKey(null);
                setChosen(null);
              }}
            >
              Later week
            </Button>
          </Group>
          {several && (
            <NativeSelect
              label="Counselor"
              value={counselorId}
              onChange={(event) => {
                setCounselorId(event.currentTarget.value);
                setDayKey(null);
                setChosen(null);
              }}
              data={[
                { value: '', label: 'Any counselor' },
                ...counselors.map((counselor) => ({
                  value: counselor.id,
                  label: counselor.name,
                })),
              ]}
            />
          )}
        </Group>
      )}
      {!noCounselors && (
        <Text aria-live="polite">
          {dayText(range.from, timeZone)} to {dayText(new Date(Date.parse(range.to) - 1), timeZone)}
        </Text>
      )}
      {slots.isPending && <Loader size="sm" role="status" aria-label="Loading free times" />}
      {slots.isError && (
        <Alert color="red" role="alert">
          {errorText(slots.error)}
        </Alert>
      )}
      {slots.isSuccess && !noCounselors && days.length === 0 && (
        <Text>There are no free times this week. Please try a later week.</Text>
      )}
      {days.length > 0 && (
        <div role="group" aria-label="Days with free times" className={classes.days}>
          {days.map((candidate) => {
            const selected = candidate.key === day?.key;
            const count = candidate.slots.length;
            return (
              <Button
                key={candidate.key}
                variant={selected ? 'filled' : 'default'}
                aria-pressed={selected}
                className={classes.day}
                onClick={() => {
                  setDayKey(candidate.key);
                  setChosen(null);
                }}
              >
                <span className={classes.dayLabel}>
                  <span>
                    {shortDayText(candidate.slots[0]?.startsAt ?? '', timeZone)}
                    <VisuallyHidden component="span">,</VisuallyHidden>
                  </span>{' '}
                  <span className={classes.dayCount}>
                    {count === 1 ? '1 time' : `${String(count)} times`}
                  </span>
                </span>
              </Button>
            );
          })}
        </div>
      )}
      {day !== undefined && (
        <Stack key={day.key} gap="xs" role="group" aria-label={day.title}>
          <Title order={3} size="h4">
            {day.title}
          </Title>
          <Group gap="xs">
            {day.slots.map((slot) => {
              const selected =
                chosen?.startsAt === slot.startsAt && chosen.counselorId === slot.counselorId;
              const name = counselorName(counselors, slot.counselorId);
              return (
                <Button
                  key={`${slot.counselorId} ${slot.startsAt}`}
                  variant={selected ? 'filled' : 'outline'}
                  aria-pressed={selected}
                  onClick={(event) => {
                    chosenButton.current = event.currentTarget;
                    setChosen(slot);
                    action.reset();
                  }}
                >
                  {namesOnTimes
                    ? `${timeText(slot.startsAt, timeZone)}, ${name}`
                    : timeText(slot.startsAt, timeZone)}
                </Button>
              );
            })}
          </Group>
        </Stack>
      )}
      {chosen !== null && (
        <ConfirmStep
          key={`${chosen.counselorId} ${chosen.startsAt}`}
          when={`${dayAndTimeText(chosen.startsAt, timeZone)} – ${timeText(chosen.endsAt, timeZone)}`}
          counselorName={counselorName(counselors, chosen.counselorId)}
          videoVisits={slots.data?.videoVisits === true}
          initial={
            moving === null
              ? { method: 'phone', phone: profilePhone, note: '' }
              : {
                  method: moving.method,
                  phone: moving.phone === null ? profilePhone : phoneText(moving.phone),
                  note: moving.note,
                }
          }
          moving={moving !== null}
          pending={action.isPending}
          error={action.isError ? errorText(action.error) : null}
          onConfirm={confirm}
          onBack={() => {
            setChosen(null);
            action.reset();
            chosenButton.current?.focus();
          }}
        />
      )}
      {chosen === null && action.isError && (
        <Alert color="red" role="alert">
          {errorText(action.error)}
        </Alert>
      )}
      {counselors.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Our counselors
          </Title>
          {counselors.map((counselor) => (
            <Text key={counselor.id}>
              <strong>{counselor.name}</strong>
              {counselor.bio === '' ? '' : `: ${counselor.bio}`}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /schedule-appointment: the person's upcoming counseling appointments and free times to book,
 * all in the browser's time zone. Moving and canceling close 24 hours before the start. An
 * admin viewing as the patient sees the appointments only.
 */
export function AppointmentsPage({ timeZone = browserTimeZone() }: { timeZone?: string }) {
  const readOnly = useViewAs() !== undefined;
  const upcoming = useUpcomingAppointments();
  const { appointmentsPerPerson } = useRuntimeConfig().limits;
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const headingId = useId();
  const appointments = upcoming.data?.appointments ?? [];

  const finish = (message: string) => {
    setMoving(null);
    setDone(message);
  };

  return (
    <>
      <PageHeading
        title="Schedule an appointment"
        lead={`Talk with a genetic counselor about your test or your results, by phone or video. Times are in your time zone, ${timeZone}.`}
      />
      <Stack gap="xl">
        {done !== null && (
          <Alert color="green" role="status" title="Done">
            {done}
          </Alert>
        )}
        <Stack component="section" aria-labelledby={headingId} gap="sm">
          <Title order={2} id={headingId}>
            Your upcoming appointments
          </Title>
          {upcoming.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
          {upcoming.isError && (
            <Alert color="red" role="alert">
              {errorText(upcoming.error)}
            </Alert>
          )}
          {upcoming.isSuccess && appointments.length === 0 && (
            <Text>You have no upcoming appointments.</Text>
          )}
          {appointments.length > 0 && (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {appointments.map((appointment) => (
                <UpcomingAppointment
                  key={appointment.id}
                  appointment={appointment}
                  timeZone={timeZone}
                  readOnly={readOnly}
                  now={now}
                  onMove={() => {
                    setDone(null);
                    setMoving(appointment);
                  }}
                  onCanceled={finish}
                />
              ))}
            </Stack>
          )}
        </Stack>
        {!readOnly && moving === null && appointments.length >= appointmentsPerPerson ? (
          // The lab's limit: another time is chosen by moving one held (ADR 039).
          <Text>{tooManyAppointments(appointmentsPerPerson)}</Text>
        ) : (
          !readOnly && (
            <SlotPicker
              key={moving?.id ?? 'new'}
              timeZone={timeZone}
              now={now}
              moving={moving}
              onDone={finish}
              onStopMoving={() => {
                setMoving(null);
              }}
            />
          )
        )}
      </Stack>
    </>
  );
}
