import { Readable } from 'node:stream';
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
import {
  addressLines,
  formatCents,
  type ShippingAddress,
} from '@nestling/shared/contract/purchase';
import { usDateFromDate } from '@nestling/shared/report-wording';
import { orderNumber } from '@nestling/shared/contract/order-tracker';
import type { MailBlock } from '../mail/index.ts';
import type { FulfillDeps } from './fulfill.ts';
import { createCheckoutRepository, type KitRow, type PurchaseOrderRow } from './repository.ts';

/*
 * The receipt of a new order: a PDF among the buyer's documents and a mail to the buyer. It says
 * what was bought, for how much, with which card (its last four digits) and where the kits go;
 * never anything about health. Made once per order: the document's id is the order's.
 */

type ReceiptData = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createCheckoutRepository>['receiptData']>>
>;

const ROLE_NAMES: Record<string, string> = {
  mother: "the mother's kit",
  father: "the father's kit",
  self: 'your kit',
};

function amountLines(order: PurchaseOrderRow): [string, string][] {
  // The catalogue sells in dollars only (currencySchema).
  const currency = 'usd';
  return [
    [order.productName, formatCents(order.priceCents, currency)],
    ...(order.discountCents > 0
      ? ([
          [
            `Discount${order.discountCode === null ? '' : ` (${order.discountCode})`}`,
            `-${formatCents(order.discountCents, currency)}`,
          ],
        ] as [string, string][])
      : []),
    ['Total paid', formatCents(order.totalCents, currency)],
  ];
}

function paidWith(order: PurchaseOrderRow): string {
  return order.cardLast4 === null
    ? `Paid through ${order.provider === 'stripe' ? 'Stripe' : 'the payment provider'}`
    : `Paid with the card ending ${order.cardLast4}`;
}

const kitTitle = (entry: KitRow) => `Kit ${entry.id}, ${ROLE_NAMES[entry.role] ?? 'a kit'}`;

const styles = StyleSheet.create({
  page: { padding: 56, fontFamily: 'Helvetica', fontSize: 10, lineHeight: 1.4, color: '#1f2933' },
  brand: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginBottom: 24 },
  title: { fontSize: 20, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  muted: { fontSize: 10, color: '#52606d' },
  heading: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginTop: 20, marginBottom: 6 },
  row: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 1,
    borderBottomColor: '#d9e2ec',
    paddingVertical: 4,
  },
  total: { fontFamily: 'Helvetica-Bold' },
  kit: { marginBottom: 8 },
  footer: { marginTop: 32, fontSize: 9, color: '#52606d' },
});

function receiptDocument(
  data: ReceiptData,
  brand: FulfillDeps['config']['brand'],
  madeOn: string,
): ReactElement<DocumentProps> {
  const { order, kits } = data;
  const lines = amountLines(order);
  return (
    <Document title={`Receipt ${orderNumber(order.seq)}`} author={brand.companyName}>
      <Page size="LETTER" style={styles.page}>
        <Text style={styles.brand}>{brand.productName}</Text>
        <Text style={styles.title}>{`Receipt ${orderNumber(order.seq)}`}</Text>
        <Text style={styles.muted}>{`${madeOn} · ${data.buyer.name} · ${data.buyer.email}`}</Text>
        <Text style={styles.heading}>Items</Text>
        {lines.map(([label, amount], index) => {
          const total = index === lines.length - 1 ? { style: styles.total } : {};
          return (
            <View key={label} style={styles.row}>
              <Text {...total}>{label}</Text>
              <Text {...total}>{amount}</Text>
            </View>
          );
        })}
        <Text style={{ marginTop: 8 }}>{paidWith(order)}</Text>
        <Text style={styles.heading}>Kits</Text>
        {kits.map((entry) => (
          <View key={entry.id} style={styles.kit}>
            <Text style={styles.total}>{kitTitle(entry)}</Text>
            {addressLines(entry.shippingAddress as ShippingAddress).map((line, index) => (
              <Text key={String(index)}>{line}</Text>
            ))}
          </View>
        ))}
        <Text style={styles.footer}>
          {`${brand.companyName} · Questions? Write to ${brand.supportEmail}.`}
        </Text>
      </Page>
    </Document>
  );
}

/** The receipt mail's body: the same facts as the PDF. */
function receiptBody(
  data: ReceiptData,
  deps: FulfillDeps,
  madeOn: string,
  pdfStored: boolean,
): MailBlock[] {
  const { order, kits } = data;
  const { publicUrl } = deps.config;
  return [
    {
      kind: 'paragraph',
      text: `Thank you for your order. This is your receipt for order ${orderNumber(order.seq)} (${madeOn}).`,
    },
    { kind: 'facts', rows: amountLines(order) },
    { kind: 'paragraph', text: paidWith(order) },
    { kind: 'paragraph', text: kits.length === 1 ? 'Your kit goes to:' : 'The kits go to:' },
    ...kits.map((entry): MailBlock => ({
      kind: 'lines',
      lines: [kitTitle(entry), ...addressLines(entry.shippingAddress as ShippingAddress)],
    })),
    {
      kind: 'action',
      label: 'Follow your order',
      url: `${publicUrl}/order?id=${encodeURIComponent(order.id)}`,
    },
    ...(pdfStored
      ? [
          {
            kind: 'paragraph',
            text: 'The receipt is also among your documents in the portal.',
          } satisfies MailBlock,
        ]
      : []),
  ];
}

/** The receipt as a PDF. */
export async function renderReceiptPdf(
  data: ReceiptData,
  brand: FulfillDeps['config']['brand'],
  madeAt: Date,
): Promise<Buffer> {
  return renderToBuffer(receiptDocument(data, brand, usDateFromDate(madeAt)));
}

/** The PDF among the buyer's documents, linked from the order. */
async function storeReceiptPdf(deps: FulfillDeps, data: ReceiptData, madeAt: Date): Promise<void> {
  const { order } = data;
  const number = orderNumber(order.seq);
  const pdf = await renderReceiptPdf(data, deps.config.brand, madeAt);
  const documentId = `receipt-${order.id}`;
  const storagePath = `${order.userId}/${documentId}.pdf`;
  await deps.fileStore.put(storagePath, Readable.from([pdf]));
  await createCheckoutRepository(deps.db).storeReceipt(order.id, {
    id: documentId,
    userId: order.userId,
    title: `Receipt ${number}`,
    kind: 'receipt',
    date: madeAt.toISOString().slice(0, 10),
    fileName: `receipt-${number}.pdf`,
    contentType: 'application/pdf',
    size: pdf.length,
    storagePath,
  });
  deps.log.info({ orderId: order.id, documentId }, 'Receipt stored');
}

/**
 * Stores the receipt PDF among the buyer's documents, then queues the receipt's mail: the
 * order-receipt job (fulfill.ts), safe to run again (the PDF is replaced, the mail kept once).
 */
export async function sendReceipt(deps: FulfillDeps, orderId: string): Promise<void> {
  const repository = createCheckoutRepository(deps.db);
  const data = await repository.receiptData(orderId);
  if (data === null) return;
  const { order } = data;
  const madeAt = new Date(order.purchaseDate * 1000);
  const number = orderNumber(order.seq);

  // The mail goes out even if the PDF cannot be made: it is the receipt the buyer reads first.
  let pdfStored = false;
  try {
    await storeReceiptPdf(deps, data, madeAt);
    pdfStored = true;
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'The receipt PDF could not be stored');
  }

  await deps.mailer.send(
    {
      to: data.buyer.email,
      subject: `Your receipt for order ${number}`,
      body: receiptBody(data, deps, usDateFromDate(madeAt), pdfStored),
    },
    { key: `receipt:${order.id}` },
  );
}
