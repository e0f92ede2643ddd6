import type { TermsDocument } from './terms.ts';

/*
 * The text of every published version of the terms of service and the HIPAA Notice of Privacy
 * Practices, keyed by document and version. The web app shows them on /review-terms and the
 * server prints the very version a person accepted into the copy kept in their documents, so a
 * published version's text is never edited: a change is a new version (terms.ts).
 */

/** The operator's names, from the runtime config: the portal is white-label. */
export interface LegalBrand {
  productName: string;
  companyName: string;
  supportEmail: string;
}

export interface LegalSectionText {
  heading: string;
  paragraphs: string[];
  /** A list after the paragraphs. */
  items?: string[];
}

export interface LegalText {
  title: string;
  /** The first paragraph, before the sections. */
  intro: string;
  sections: LegalSectionText[];
}

export const TERMS_TITLES: Record<TermsDocument, string> = {
  tos: 'Terms of Service',
  hipaa: 'HIPAA Notice of Privacy Practices',
};

function termsOfService1(brand: LegalBrand, effective: string): LegalText {
  const { productName, companyName, supportEmail } = brand;
  return {
    title: TERMS_TITLES.tos,
    intro: `These terms are an agreement between you and ${companyName} about the ${productName} genetic screening service and the ${productName} Portal. They are in force from ${effective}. By accepting them you confirm that you have read them. Please read them with our HIPAA Notice of Privacy Practices, which says how we use and protect your health information.`,
    sections: [
      {
        heading: '1. The service',
        paragraphs: [
          `${companyName} offers preconception and embryo genetic screening. We send you a saliva collection kit, our laboratory analyses the sample you return, and your reports are delivered to you in the portal. In the portal you buy tests, answer health surveys, accept these terms, activate your kit, invite your partner and read and download your reports and documents.`,
        ],
      },
      {
        heading: '2. Who may use the service',
        paragraphs: [
          'You must be at least 18 years old and able to agree to these terms. You may only send a sample of your own saliva, and only activate a kit for yourself. When you buy a test for a couple, you confirm that your partner agrees to be tested; your partner accepts these terms for themselves when they join.',
        ],
      },
      {
        heading: '3. Ordering, kits and refunds',
        paragraphs: [
          'The price is the one shown in the order summary when you pay. It includes the kits and their shipping both ways. Your receipt is mailed to you and kept with your documents in the portal, and you can follow each kit from the order to the report.',
        ],
        items: [
          `You can ask for a full refund at ${supportEmail} until your kit ships. After that, write to us and we will tell you what we can do.`,
          'Activate your kit in the portal with the ID printed on the tube before you send your sample: this is how the laboratory knows whose sample it is.',
          'Follow the collection instructions in the kit. If a sample cannot be analysed, we will tell you and, where we can, send a new kit.',
        ],
      },
      {
        heading: '4. What the test can and cannot tell you',
        paragraphs: [
          'Genetic screening estimates risk. It looks for specific genetic variants and combines them into risk estimates for specific conditions and traits. It does not diagnose or rule out any condition, and no screening test finds every genetic variant. A result can be affected by the quality of the sample, the limits of the laboratory method and the science available today. Results may reveal unexpected information about you and your biological relatives.',
        ],
      },
      {
        heading: '5. No medical advice; genetic counselling',
        paragraphs: [
          'The service is not medical advice and does not replace your doctor. Talk about your results with your doctor or a genetic counsellor before you make decisions about your health, your treatment, your pregnancy or your embryos. We recommend genetic counselling for every result that shows an increased risk, and can help you find a counsellor.',
        ],
      },
      {
        heading: '6. Your account',
        paragraphs: [
          `Give accurate details about yourself: the laboratory relies on them. Keep your sign-in details to yourself; you are responsible for what is done with your account. If you think someone else has used your account, tell us at ${supportEmail}. Authorised ${companyName} staff can see the portal as you see it, to help you and to check what the laboratory delivered; each such look is recorded.`,
        ],
      },
      {
        heading: '7. Your data',
        paragraphs: [
          'Your health information is protected as our HIPAA Notice of Privacy Practices describes. A couple’s joint and embryo reports are shared by both partners; each partner decides whether the other may see their individual results. You can download an archive of everything the portal holds about you at any time.',
        ],
      },
      {
        heading: '8. Fair use',
        paragraphs: [
          'Do not try to reach other people’s data, interfere with the portal, or use it for anything unlawful.',
        ],
      },
      {
        heading: '9. Liability',
        paragraphs: [
          `We provide the service with reasonable care and skill. To the extent the law allows, ${companyName} is not liable for decisions made on the basis of a screening result without medical advice, or for indirect or consequential loss. Nothing in these terms limits liability that cannot be limited by law.`,
        ],
      },
      {
        heading: '10. Changes to these terms',
        paragraphs: [
          'When these terms change we publish a new version with its effective date, and the portal asks you to read and accept it before you continue. The version you accepted stays in your documents.',
        ],
      },
      {
        heading: '11. Governing law',
        paragraphs: [
          `These terms are governed by the law of the place where ${companyName} has its principal office, as ${companyName} states in its contact details, unless the law where you live gives you rights that cannot be set aside.`,
        ],
      },
      {
        heading: '12. Contact',
        paragraphs: [`Write to ${supportEmail} with any question about these terms.`],
      },
    ],
  };
}

function hipaaNotice1(brand: LegalBrand, effective: string): LegalText {
  const { productName, companyName, supportEmail } = brand;
  return {
    title: TERMS_TITLES.hipaa,
    intro: `THIS NOTICE DESCRIBES HOW MEDICAL INFORMATION ABOUT YOU MAY BE USED AND DISCLOSED AND HOW YOU CAN GET ACCESS TO THIS INFORMATION. PLEASE REVIEW IT CAREFULLY. It applies to ${companyName} and the ${productName} service, and is effective from ${effective}.`,
    sections: [
      {
        heading: 'How we may use and disclose your health information',
        paragraphs: [
          'We use and disclose your health information, including your genetic information, health survey answers and reports, only as the law allows. For example:',
        ],
        items: [
          'Treatment: to perform your test and deliver your results to you, and, when you ask, to your doctor or genetic counsellor.',
          'Payment: to bill for the service and receive payment, sharing only what is needed.',
          'Health care operations: to run our laboratory and service, check the quality of our work, train staff and meet accreditation requirements.',
          'With your partner: a couple’s joint and embryo reports are shared by both partners on the account; your individual results only if you choose to share them.',
          'Business associates: companies that provide services to us (for example hosting, shipping or payments) under a written agreement to protect your information.',
          'As required by law, for public health activities, health oversight, law enforcement or judicial proceedings when the law requires it, and to avert a serious threat to health or safety.',
        ],
      },
      {
        heading: 'Uses that need your written permission',
        paragraphs: [
          'We do not sell your health information, use it for marketing, or use your sample or data for research without your written authorisation. You may revoke an authorisation in writing at any time, except where we have already acted on it.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: ['When it comes to your health information, you have the right to:'],
        items: [
          'Access: see or get an electronic or paper copy of your health information. You can download your reports and an archive of your data in the portal, or ask us.',
          'Amendment: ask us to correct health information you think is incorrect or incomplete. We may say no, but we will tell you why in writing within 60 days.',
          'Accounting of disclosures: ask for a list of the times we shared your health information in the six years before your request, who we shared it with and why, other than for treatment, payment and operations.',
          'Restrictions: ask us not to use or share certain information for treatment, payment or operations. We are not required to agree, but we will agree not to share information with your health plan about a service you paid for in full yourself, unless the law requires it.',
          'Confidential communications: ask us to contact you in a specific way or at a different address. We will say yes to all reasonable requests.',
          'A paper copy of this notice: ask for one at any time, even if you agreed to receive it electronically.',
          'Choose someone to act for you: a person with your medical power of attorney or your legal guardian may exercise your rights.',
        ],
      },
      {
        heading: 'Our duties',
        paragraphs: [
          'We are required by law to maintain the privacy and security of your health information, to give you this notice of our legal duties and privacy practices, and to follow the notice currently in effect. We will tell you promptly if a breach occurs that may have compromised the privacy or security of your information. We can change the terms of this notice, and the changes will apply to all information we have about you; the new notice will be available in the portal, and we will ask you to read it.',
        ],
      },
      {
        heading: 'Complaints',
        paragraphs: [
          `If you feel we have violated your rights, you can complain to us at ${supportEmail}, or to the U.S. Department of Health and Human Services Office for Civil Rights by sending a letter to 200 Independence Avenue, S.W., Washington, D.C. 20201, calling 1-877-696-6775, or visiting www.hhs.gov/ocr/privacy/hipaa/complaints/. We will not retaliate against you for filing a complaint.`,
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          `For questions about this notice or to exercise your rights, write to our privacy officer at ${supportEmail}.`,
        ],
      },
      {
        heading: 'Effective date',
        paragraphs: [`This notice is effective from ${effective}.`],
      },
    ],
  };
}

type TextOf = (brand: LegalBrand, effective: string) => LegalText;

const TEXTS: Record<TermsDocument, Record<string, TextOf>> = {
  tos: { '1.0': termsOfService1 },
  hipaa: { '1.0': hipaaNotice1 },
};

/**
 * The text of a published version with the operator's names, `effective` being its effective
 * date as shown to people; null for a version without a text.
 */
export function termsText(
  document: TermsDocument,
  version: string,
  brand: LegalBrand,
  effective: string,
): LegalText | null {
  return TEXTS[document][version]?.(brand, effective) ?? null;
}
