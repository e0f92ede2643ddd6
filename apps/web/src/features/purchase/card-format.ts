/** '4242424242424242' as typed -> '4242 4242 4242 4242': groups of four, digits only. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * '1230' or '12/30' -> '12/30'. The slash comes with the third digit, so deleting back over it
 * works as expected.
 */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
