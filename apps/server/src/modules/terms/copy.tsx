import {
  Document,
  type DocumentProps,
  Page,
  StyleSheet,
  Text,
  View,
  renderToBuffer,
} from '@react-pdf/renderer';
import type { ReactElement } from 'react';
import type { TermsVersion } from '@nestling/shared/contract/terms';
import { TERMS_TITLES, termsText, type LegalBrand } from '@nestling/shared/contract/terms-texts';
import { usDateFromIsoDate } from '@nestling/shared/report-wording';

/*
 * The copy of a document as the person accepted it: the text of that very version, with when
 * they accepted it and from which browser, kept among their documents.
 */

const styles = StyleSheet.create({
  page: { padding: 56, fontFamily: 'Helvetica', fontSize: 10, lineHeight: 1.4, color: '#1f2933' },
  brand: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginBottom: 24 },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  muted: { fontSize: 10, color: '#52606d' },
  record: { marginTop: 12, marginBottom: 12, padding: 8, borderWidth: 1, borderColor: '#d9e2ec' },
  heading: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 4 },
  paragraph: { marginBottom: 4 },
  item: { marginLeft: 12, marginBottom: 3 },
});

const titleDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Terms of Service 1.0 — accepted Nov 24, 2026': the document's title in the list. */
export function copyTitle(version: TermsVersion, acceptedAt: Date): string {
  return `${TERMS_TITLES[version.document]} ${version.version} — accepted ${titleDate.format(acceptedAt)}`;
}

function copyDocument(
  version: TermsVersion,
  brand: LegalBrand,
  acceptedAt: Date,
  userAgent: string | null,
  person: string,
): ReactElement<DocumentProps> {
  const effective = usDateFromIsoDate(version.effectiveOn);
  const text = termsText(version.document, version.version, brand, effective);
  const title = `${TERMS_TITLES[version.document]} ${version.version}`;
  return (
    <Document title={copyTitle(version, acceptedAt)} author={brand.companyName}>
      <Page size="LETTER" style={styles.page}>
        <Text style={styles.brand}>{brand.productName}</Text>
        <Text style={styles.title}>{title}</Text>
        <Text style={styles.muted}>{`Version ${version.version}, effective ${effective}`}</Text>
        <View style={styles.record}>
          <Text>
            {`Accepted by ${person} on ${acceptedAt
              .toISOString()
              .replace('T', ' at ')
              .replace(/\.\d+Z$/, ' UTC')}`}
          </Text>
          <Text>{`Browser: ${userAgent ?? 'not given'}`}</Text>
        </View>
        {text === null ? (
          <Text key="missing">{`The text of ${title} is kept by ${brand.companyName}.`}</Text>
        ) : (
          <>
            <Text key="intro" style={styles.paragraph}>
              {text.intro}
            </Text>
            {text.sections.map((section) => (
              <View key={section.heading}>
                <Text style={styles.heading}>{section.heading}</Text>
                {section.paragraphs.map((paragraph, index) => (
                  <Text key={`p${String(index)}`} style={styles.paragraph}>
                    {paragraph}
                  </Text>
                ))}
                {(section.items ?? []).map((item, index) => (
                  <Text key={`i${String(index)}`} style={styles.item}>
                    {`•  ${item}`}
                  </Text>
                ))}
              </View>
            ))}
          </>
        )}
      </Page>
    </Document>
  );
}

/** The copy as a PDF. */
export async function renderTermsCopy(
  version: TermsVersion,
  brand: LegalBrand,
  acceptedAt: Date,
  userAgent: string | null,
  person: string,
): Promise<Buffer> {
  return renderToBuffer(copyDocument(version, brand, acceptedAt, userAgent, person));
}
