import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
// The renderer imports React's server renderer on its first call; loaded here, with the app, a
// first mail after start does not wait for it (about 0.2 s, far more on a busy machine).
import 'react-dom/server';
import type { Config } from '../../config.ts';

/*
 * Every mail the portal sends is written once as blocks and rendered twice: as HTML (React
 * Email's table-based components, inline styles only, so clients without CSS support lay it out
 * too) and as a plain-text part with the same words and the same links. Every link is also
 * written out in full, so a person can check where it goes or copy it when a button does not
 * work. The brand header is text, not an image: a remote logo would tell the sender when the
 * mail is opened, and many clients block images anyway.
 */

/** One piece of a mail's body. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** The mail's main link: a button, with the address written out beneath it. */
  | { kind: 'action'; label: string; url: string }
  /** A further link, written out after its label. */
  | { kind: 'link'; label: string; url: string }
  /** Label and value pairs, such as a receipt's amounts. */
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] }
  /** Lines that belong together, such as a postal address. */
  | { kind: 'lines'; lines: readonly string[] };

export type MailBrand = Pick<Config['brand'], 'productName' | 'companyName' | 'supportEmail'> & {
  /** The lab's color (BRAND_COLOR), checked at start for 4.5:1 on white; the teal without. */
  color?: string | null;
};

export interface MailContent {
  subject: string;
  body: readonly MailBlock[];
}

/** The body's text, as the plain-text part shows it (no header or footer). */
function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'action':
    case 'link':
      return `${block.label}:\n${block.url}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'lines':
      return block.lines.join('\n');
  }
}

function footerLines(brand: MailBrand): string[] {
  return [`Questions? Write to ${brand.supportEmail}.`, brand.companyName];
}

/** The plain-text part: the brand's name, the same blocks as the HTML, the same footer. */
export function mailText(brand: MailBrand, content: MailContent): string {
  return [
    brand.productName,
    '',
    content.subject,
    '',
    content.body.map(blockText).join('\n\n'),
    '',
    '--',
    ...footerLines(brand),
  ].join('\n');
}

// The portal's teal (the web theme's shade 7): white text on it and it as text on white are both
// 6.4:1, above WCAG AA's 4.5:1. A lab's own color replaces it.
const TEAL = '#0c6b61';
const INK = '#1a1b1e';
const MUTED = '#495057';
const FONT = '-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function mailStyles(accent: string) {
  return {
    body: { backgroundColor: '#f1f3f5', margin: 0, padding: '24px 0', fontFamily: FONT },
    container: { backgroundColor: '#ffffff', maxWidth: '600px', border: '1px solid #dee2e6' },
    header: { backgroundColor: accent, padding: '20px 32px' },
    brand: { color: '#ffffff', fontSize: '22px', lineHeight: '28px', fontWeight: 700, margin: 0 },
    main: { padding: '8px 32px 16px' },
    heading: { color: INK, fontSize: '22px', lineHeight: '30px', fontWeight: 700 },
    text: { color: INK, fontSize: '16px', lineHeight: '24px', margin: '16px 0' },
    button: {
      backgroundColor: accent,
      borderRadius: '6px',
      color: '#ffffff',
      fontSize: '16px',
      fontWeight: 700,
      lineHeight: '24px',
      padding: '12px 24px',
      textDecoration: 'none',
    },
    spelledOut: { color: MUTED, fontSize: '14px', lineHeight: '20px', margin: '12px 0 0' },
    link: { color: accent, textDecoration: 'underline', wordBreak: 'break-all' },
    factLabel: { color: MUTED, fontSize: '15px', lineHeight: '22px', padding: '4px 16px 4px 0' },
    factValue: { color: INK, fontSize: '15px', lineHeight: '22px', padding: '4px 0' },
    rule: { borderColor: '#dee2e6', margin: '8px 0' },
    footer: { padding: '0 32px 16px' },
    footerText: { color: MUTED, fontSize: '14px', lineHeight: '20px', margin: '8px 0' },
  } satisfies Record<string, CSSProperties>;
}

type MailStyles = ReturnType<typeof mailStyles>;

function writtenOutLink(styles: MailStyles, url: string): ReactNode {
  return (
    <Link href={url} style={styles.link}>
      {url}
    </Link>
  );
}

function blockHtml(styles: MailStyles, block: MailBlock, key: number): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return (
        <Text key={key} style={styles.text}>
          {block.text}
        </Text>
      );
    case 'action':
      return (
        <Section key={key} style={{ margin: '24px 0 8px' }}>
          <Button href={block.url} style={styles.button}>
            {block.label}
          </Button>
          <Text style={styles.spelledOut}>
            Or copy this address into your browser:
            <br />
            {writtenOutLink(styles, block.url)}
          </Text>
        </Section>
      );
    case 'link':
      return (
        <Text key={key} style={styles.text}>
          {`${block.label}: `}
          {writtenOutLink(styles, block.url)}
        </Text>
      );
    case 'facts':
      return (
        <table
          key={key}
          role="presentation"
          cellPadding={0}
          cellSpacing={0}
          style={{ margin: '16px 0' }}
        >
          <tbody>
            {block.rows.map(([label, value]) => (
              <tr key={label}>
                <td style={styles.factLabel}>{label}</td>
                <td style={styles.factValue}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'lines':
      return (
        <Text key={key} style={styles.text}>
          {block.lines.flatMap((line, index) =>
            index === 0 ? [line] : [<br key={index} />, line],
          )}
        </Text>
      );
  }
}

/** What inboxes show beside the subject: the first paragraph that is not a greeting. */
function previewOf(content: MailContent): string {
  for (const block of content.body) {
    if (block.kind === 'paragraph' && !block.text.endsWith(',')) return block.text;
  }
  return content.subject;
}

/** The HTML part. */
export async function mailHtml(brand: MailBrand, content: MailContent): Promise<string> {
  const styles = mailStyles(brand.color ?? TEAL);
  return render(
    <Html lang="en" dir="ltr">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview>{previewOf(content)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{brand.productName}</Text>
          </Section>
          <Section style={styles.main}>
            <Heading as="h1" style={styles.heading}>
              {content.subject}
            </Heading>
            {content.body.map((block, key) => blockHtml(styles, block, key))}
          </Section>
          <Section style={styles.footer}>
            <Hr style={styles.rule} />
            <Text style={styles.footerText}>
              {'Questions? Write to '}
              <Link href={`mailto:${brand.supportEmail}`} style={styles.link}>
                {brand.supportEmail}
              </Link>
              .
            </Text>
            <Text style={styles.footerText}>{brand.companyName}</Text>
          </Section>
        </Container>
      </Body>
    </Html>,
  );
}
