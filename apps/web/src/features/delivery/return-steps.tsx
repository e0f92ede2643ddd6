import { Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './delivery.module.css';

/*
 * How to send the sample back, step by step: a small drawing beside each step's words. Each
 * drawing is an image whose accessible name says what it shows; the words carry the meaning.
 */

function Picture({ label, children }: { label: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <svg className={classes.picture} viewBox="0 0 160 120" role="img" aria-labelledby={titleId}>
      <title id={titleId}>{label}</title>
      {children}
    </svg>
  );
}

/** A saliva tube with its cap, filled to the line. */
function TubePicture() {
  return (
    <Picture label="A saliva collection tube, filled up to the line, with its cap screwed on.">
      <rect className={classes.pictureFill} x={64} y={14} width={32} height={16} rx={3} />
      <path className={classes.pictureLine} d="M68 30 V96 a12 12 0 0 0 24 0 V30" />
      <path className={classes.pictureAccent} d="M70 64 H90 V96 a10 10 0 0 1 -20 0 Z" />
      <path className={classes.pictureLine} d="M60 62 H72" />
      <text className={classes.pictureText} x={104} y={66}>
        fill line
      </text>
    </Picture>
  );
}

/** The tube going into the specimen bag. */
function BagPicture() {
  return (
    <Picture label="The capped tube inside a clear specimen bag, with the bag's seal closed.">
      <rect className={classes.pictureFill} x={36} y={22} width={88} height={84} rx={6} />
      <path className={classes.pictureLine} d="M36 36 H124" />
      <path
        className={classes.pictureLine}
        d="M72 50 h16 v10 h-16 z M74 60 V90 a6 6 0 0 0 12 0 V60"
      />
      <text className={classes.pictureText} x={80} y={18} textAnchor="middle">
        seal
      </text>
    </Picture>
  );
}

/** The return box with the label on its lid. */
function BoxPicture() {
  return (
    <Picture label="The kit's box, closed, with the printed return label taped over the address panel.">
      <path className={classes.pictureFill} d="M24 44 L80 24 L136 44 L80 64 Z" />
      <path className={classes.pictureFill} d="M24 44 V92 L80 112 V64 Z" />
      <path className={classes.pictureFill} d="M136 44 V92 L80 112 V64 Z" />
      <path className={classes.pictureLine} d="M92 74 L126 62 V80 L92 92 Z" />
      <path
        className={classes.pictureLine}
        d="M96 80 l2 -1 M100 82 v-8 M104 80 v-8 M108 78 v-8 M112 77 v-8 M116 75 v-8 M120 74 v-8"
      />
    </Picture>
  );
}

/** A drop-off point with the box going in. */
function DropOffPicture() {
  return (
    <Picture label="A carrier's drop-off point with the packed box being dropped off.">
      <path className={classes.pictureFill} d="M48 112 V52 a32 32 0 0 1 64 0 V112 Z" />
      <path className={classes.pictureLine} d="M60 60 H100" />
      <path className={classes.pictureLine} d="M40 112 H120" />
      <rect className={classes.pictureFill} x={66} y={20} width={28} height={22} rx={2} />
      <path className={classes.pictureLine} d="M80 44 V56 M74 50 L80 56 L86 50" />
    </Picture>
  );
}

export const RETURN_STEPS = [
  {
    title: 'Collect the sample',
    text: 'Follow the instructions in your kit. Fill the tube up to the line, then screw the cap on firmly until it clicks. Do not eat, drink or smoke for 30 minutes before.',
    picture: <TubePicture />,
  },
  {
    title: 'Seal it in the specimen bag',
    text: 'Put the capped tube in the clear specimen bag with the absorbent pad, and press the seal closed.',
    picture: <BagPicture />,
  },
  {
    title: 'Pack it and add the return label',
    text: 'Put the bag in the kit’s box and close it. Print the prepaid return label below and tape it over the address panel. No postage is needed.',
    picture: <BoxPicture />,
  },
  {
    title: 'Send it the same day',
    text: 'Hand the box to the carrier named on your label on the day you collect the sample, Monday to Thursday, so it does not wait at a depot over the weekend. Each label below says where that carrier takes parcels.',
    picture: <DropOffPicture />,
  },
] as const;

/** The four steps, numbered, each with its picture. */
export function ReturnSteps({ headingId }: { headingId: string }) {
  return (
    <ol className={classes.steps} aria-labelledby={headingId}>
      {RETURN_STEPS.map((step, index) => (
        <li key={step.title} className={classes.step}>
          {step.picture}
          <div>
            <Title order={3} size="h4">
              {index + 1}. {step.title}
            </Title>
            <Text>{step.text}</Text>
          </div>
        </li>
      ))}
    </ol>
  );
}
