// A card token made the way a shopper's browser makes it: the card data posted
// with the store's public key straight to the provider (here the sandbox), never
// to Cobro. Test cards: docs/provider-facts.md §5 (any future expiry, CVV 123).

/** The token of a test Visa with `cardholder` (APRO approves, OTHE declines, CONT stays pending …). */
export async function createCardToken(options: {
  providerUrl: string;
  publicKey: string;
  cardholder: string;
}): Promise<string> {
  const response = await fetch(
    `${options.providerUrl}/v1/card_tokens?public_key=${encodeURIComponent(options.publicKey)}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        card_number: "4509953566233704",
        expiration_month: 11,
        expiration_year: 2030,
        security_code: "123",
        cardholder: { name: options.cardholder, identification: { type: "DNI", number: "12345678" } },
      }),
    },
  );
  if (!response.ok) throw new Error(`card token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
