import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  APPOINTMENT_NOTE_MAX,
  APPOINTMENT_PHONE_MESSAGE,
  APPOINTMENT_PHONE_REQUIRED,
  normalizePhone,
  phoneText,
  type MeetingMethod,
  type RescheduleRequest,
} from '@nestling/shared/contract/appointments';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';

/** What the step sends with the time. */
export type VisitChoice = Required<Pick<RescheduleRequest, 'method' | 'note'>> &
  Pick<RescheduleRequest, 'phone'>;

/** Why the phone number cannot be used, or null when it can. */
export function phoneProblem(value: string): string | null {
  if (value.trim() === '') return APPOINTMENT_PHONE_REQUIRED;
  return normalizePhone(value) === null ? APPOINTMENT_PHONE_MESSAGE : null;
}

/** '120 of 500 characters' or how many too many. */
export function noteCountText(length: number): string {
  return length > APPOINTMENT_NOTE_MAX
    ? `${String(length - APPOINTMENT_NOTE_MAX)} characters too many: keep the note to ${String(APPOINTMENT_NOTE_MAX)}`
    : `${String(length)} of ${String(APPOINTMENT_NOTE_MAX)} characters`;
}

/**
 * The step between choosing a time and booking it: the time, phone or video, the number to
 * call and a note for the counselor. Focus moves to its heading when it opens; the caller
 * returns it to the chosen time when the person chooses another.
 */
export function ConfirmStep({
  when,
  counselorName,
  videoVisits,
  initial,
  moving,
  pending,
  error,
  onConfirm,
  onBack,
}: {
  /** 'Tuesday, March 3, 9:30 AM – 10:00 AM'. */
  when: string;
  counselorName: string;
  videoVisits: boolean;
  initial: { method: MeetingMethod; phone: string; note: string };
  moving: boolean;
  pending: boolean;
  /** The server's refusal, in words. */
  error: string | null;
  onConfirm: (choice: VisitChoice) => void;
  onBack: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const [method, setMethod] = useState<MeetingMethod>(
    initial.method === 'video' && !videoVisits ? 'phone' : initial.method,
  );
  const [phone, setPhone] = useState(initial.phone);
  const [note, setNote] = useState(initial.note);
  const [phoneError, setPhoneError] = useState<string | null>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = method === 'phone' ? phoneProblem(phone) : null;
    const tooLong = note.trim().length > APPOINTMENT_NOTE_MAX;
    setPhoneError(problem);
    if (problem !== null) {
      phoneRef.current?.focus();
      return;
    }
    if (tooLong) {
      noteRef.current?.focus();
      return;
    }
    onConfirm({
      method,
      note: note.trim(),
      ...(method === 'phone' ? { phone: phone.trim() } : {}),
    });
  };

  const length = note.trim().length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <form noValidate onSubmit={submit} aria-labelledby={headingId}>
        <Stack gap="md">
          <Title order={3} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
            {moving ? 'Confirm the new time' : 'Confirm your appointment'}
          </Title>
          <Text fw={700}>
            {when} with {counselorName}
          </Text>
          {videoVisits ? (
            <Radio.Group
              label="How would you like to meet?"
              value={method}
              onChange={(value) => {
                setMethod(value === 'video' ? 'video' : 'phone');
              }}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="phone" label="Phone call" description="Your counselor calls you." />
                <Radio
                  value="video"
                  label="Video visit"
                  description="You get a link to join from a browser; nothing to install."
                />
              </Stack>
            </Radio.Group>
          ) : (
            <Text>Your counselor will call you by phone.</Text>
          )}
          {method === 'phone' && (
            <TextInput
              ref={phoneRef}
              label="Phone number"
              description="A US number, like (555) 123-4567, or an international one starting with +"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              value={phone}
              error={phoneError}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setPhone(value);
                // Checked on 'Book' (checking on leaving the field would move the buttons under
                // the pointer); once refused, the message goes as soon as the number is right.
                if (phoneError !== null) setPhoneError(phoneProblem(value));
              }}
            />
          )}
          <Textarea
            ref={noteRef}
            label="Note for your counselor (optional)"
            description={`What you would like to talk about. Only your counselor reads it. ${noteCountText(length)}.`}
            rows={4}
            value={note}
            // Said as soon as it is too long; the text is never cut.
            error={length > APPOINTMENT_NOTE_MAX ? noteCountText(length) : undefined}
            onChange={(event) => {
              setNote(event.currentTarget.value);
            }}
          />
          {error !== null && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={pending}>
              {moving ? 'Move to this time' : 'Book this time'}
            </Button>
            <Button variant="default" onClick={onBack}>
              Choose another time
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** How the person and the counselor meet, as the appointment's card says it. */
export function meetingText(appointment: { method: MeetingMethod; phone: string | null }): string {
  if (appointment.method === 'video') return 'By video';
  return appointment.phone === null
    ? 'By phone'
    : `We will call you at ${phoneText(appointment.phone)}`;
}
