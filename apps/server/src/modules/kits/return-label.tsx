import bwipjs from 'bwip-js/node';
import {
  Document,
  type DocumentProps,
  Image,
  Page,
  StyleSheet,
  Text,
  View,
  renderToBuffer,
} from '@react-pdf/renderer';
import type { ReactElement } from 'react';
import { RETURN_DROP_OFF, type ReturnShipment } from '@nestling/shared/contract/kits';
import { addressLines, type ShippingAddress } from '@nestling/shared/contract/purchase';
import { usDateFromDate } from '@nestling/shared/report-wording';

/*
 * The prepaid return label of one kit: a letter-size page with the label to cut out
 * and tape over the box's address panel. It names the lab (the addressee), the sender, the order
 * number and the kit id, the last also as a Code 128 barcode the lab's intake scans. Nothing
 * about health: the label travels on the outside of the parcel.
 */

export interface ReturnLabelData {
  kitId: string;
  orderNumber: string;
  /** The person the kit is for, as the return address. */
  from: ShippingAddress;
  lab: { name: string; address: readonly string[] };
  productName: string;
  madeAt: Date;
  /** The label bought from the shipping provider: carrier, service, tracking, postage (ADR 044). */
  shipment: ReturnShipment;
  /** The carrier's own label image (PNG) when the provider gave one: printed on a second page. */
  carrierLabel: Buffer | null;
}

/** Printed across a test label, so no one takes it to a carrier. */
export const TEST_LABEL_BANNER = 'TEST LABEL — NOT VALID FOR POSTAGE';

/** The kit id as a Code 128 PNG; bwip-js draws it, so the bars follow the symbology exactly. */
export function kitBarcodePng(kitId: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: kitId,
    scale: 3,
    height: 14,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
}

const styles = StyleSheet.create({
  page: { padding: 48, fontFamily: 'Helvetica', fontSize: 10, lineHeight: 1.4, color: '#1f2933' },
  intro: { fontSize: 10, color: '#52606d', marginBottom: 16 },
  label: { borderWidth: 2, borderColor: '#1f2933', borderStyle: 'dashed', padding: 20 },
  banner: {
    fontSize: 14,
    fontFamily: 'Helvetica-Bold',
    borderBottomWidth: 2,
    borderBottomColor: '#1f2933',
    paddingBottom: 6,
    marginBottom: 12,
  },
  small: { fontSize: 8, color: '#52606d', textTransform: 'uppercase', letterSpacing: 1 },
  from: { fontSize: 10, marginBottom: 16 },
  to: { fontSize: 14, fontFamily: 'Helvetica-Bold', marginLeft: 48, marginBottom: 16 },
  barcode: { width: 300, height: 'auto', marginTop: 8 },
  kitId: { fontSize: 12, fontFamily: 'Courier-Bold', marginTop: 2 },
  facts: { flexDirection: 'row', gap: 24, marginTop: 12 },
  steps: { marginTop: 24 },
  step: { marginBottom: 4 },
  test: {
    fontSize: 16,
    fontFamily: 'Helvetica-Bold',
    color: '#9b1c1c',
    borderWidth: 3,
    borderColor: '#9b1c1c',
    padding: 8,
    marginBottom: 12,
    textAlign: 'center',
  },
  carrier: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginBottom: 2 },
  tracking: { fontSize: 11, fontFamily: 'Courier-Bold', marginBottom: 12 },
  carrierLabel: { width: 288, height: 'auto', marginTop: 16 },
});

/** 'UPS Ground, postage paid by the lab ($8.45)'; a test label's says it carries none. */
export function postageLine(shipment: ReturnShipment): string {
  if (shipment.test) return `${shipment.carrier} ${shipment.service}: test label, no postage paid`;
  return `${shipment.carrier} ${shipment.service}, postage prepaid by the lab ($${shipment.postage})`;
}

function labelDocument(data: ReturnLabelData, barcode: Buffer): ReactElement<DocumentProps> {
  const { shipment } = data;
  const testMark = shipment.test
    ? [
        <Text key="test" style={styles.test}>
          {TEST_LABEL_BANNER}
        </Text>,
      ]
    : [];
  return (
    <Document
      title={`${shipment.test ? 'Test return label' : 'Return label'} for kit ${data.kitId}`}
      author={data.lab.name}
    >
      <Page size="LETTER" style={styles.page}>
        {testMark}
        <Text style={styles.intro}>
          {`Return label for order ${data.orderNumber}, printed ${usDateFromDate(data.madeAt)}. Cut along the dashed line and tape the label over the address panel of the return box.`}
        </Text>
        <View style={styles.label}>
          {testMark}
          <Text style={styles.banner}>
            {shipment.test ? 'TEST RETURN · NOT PREPAID' : 'PREPAID RETURN · NO POSTAGE NEEDED'}
          </Text>
          <Text style={styles.carrier}>{postageLine(shipment)}</Text>
          <Text style={styles.tracking}>{`Tracking number ${shipment.trackingNumber}`}</Text>
          <Text style={styles.small}>From</Text>
          <View style={styles.from}>
            {addressLines(data.from).map((line, index) => (
              <Text key={String(index)}>{line}</Text>
            ))}
          </View>
          <Text style={styles.small}>To</Text>
          <View style={styles.to}>
            <Text>{data.lab.name}</Text>
            {data.lab.address.map((line, index) => (
              <Text key={String(index)}>{line}</Text>
            ))}
          </View>
          <Text style={styles.small}>Kit</Text>
          <Image style={styles.barcode} src={barcode} />
          <Text style={styles.kitId}>{data.kitId}</Text>
          <View style={styles.facts}>
            <Text>{`Order ${data.orderNumber}`}</Text>
            <Text>{data.productName}</Text>
          </View>
        </View>
        <View style={styles.steps}>
          <Text style={styles.step}>
            1. Put the sealed tube in the specimen bag, then in the box.
          </Text>
          <Text style={styles.step}>
            2. Close the box and tape this label over its address panel.
          </Text>
          <Text style={styles.step}>
            {`3. Send it the same day you collect the sample. ${RETURN_DROP_OFF[shipment.carrier]}`}
          </Text>
        </View>
      </Page>
      {data.carrierLabel === null ? null : (
        <Page key="carrier" size="LETTER" style={styles.page}>
          <Text style={styles.intro}>
            {`The ${shipment.carrier} label for kit ${data.kitId}: cut it out and tape it over the address panel, beside the lab's label.`}
          </Text>
          <Image style={styles.carrierLabel} src={data.carrierLabel} />
        </Page>
      )}
    </Document>
  );
}

/** The label as a PDF. */
export async function renderReturnLabelPdf(data: ReturnLabelData): Promise<Buffer> {
  const barcode = await kitBarcodePng(data.kitId);
  return renderToBuffer(labelDocument(data, barcode));
}
