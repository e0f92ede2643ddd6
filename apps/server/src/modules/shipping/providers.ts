import type { Config } from '../../config.ts';
import { createEasyPostProvider } from './easypost-provider.ts';
import { labAddressOf, type LabAddress, type ShippingProvider } from './provider.ts';
import { createTestShippingProvider } from './test-provider.ts';

/** The one place a shipping provider is chosen (SHIPPING_PROVIDER). */
export function configuredShippingProvider(config: Pick<Config, 'shipping'>): ShippingProvider {
  const { shipping } = config;
  if (shipping.provider === 'easypost') {
    // loadConfig refuses to start without both; this keeps the type honest.
    if (shipping.easypost === null) throw new Error('EasyPost is not configured');
    return createEasyPostProvider(shipping.easypost);
  }
  return createTestShippingProvider(shipping.testWebhookSecret);
}

/** LAB_RETURN_ADDRESS as a carrier's address; with a real provider it must read as one. */
export function labReturnAddress(config: Pick<Config, 'lab'>): LabAddress {
  const address = labAddressOf(config.lab.name, config.lab.returnAddress);
  if (address === null) {
    throw new Error(
      "LAB_RETURN_ADDRESS: its last two lines must be the street and 'City, ST 12345' for a carrier's label",
    );
  }
  return address;
}
