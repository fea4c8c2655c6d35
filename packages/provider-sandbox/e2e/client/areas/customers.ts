// Customers and saved cards through the client: save a card from a token,
// pay again with it (token from `card_id` + CVV), then remove it all.

import { ProviderBadRequestError, ProviderNotFoundError } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { type ClientSandbox, tokenizeTestCard } from "../harness";

export function describeCustomers(env: () => ClientSandbox): void {
  describe("customers and saved cards", () => {
    it("creates, finds and updates a customer, saves a card, pays with it and deletes both", async () => {
      const { client } = env().newSeller();
      const customer = await client.customers.create({
        email: "maria@testuser.com",
        first_name: "María",
        identification: { type: "DNI", number: "12345678" },
      });
      expect(customer).toMatchObject({ email: "maria@testuser.com", cards: [], default_card: null });
      expect((await client.customers.get(customer.id)).id).toBe(customer.id);
      const updated = await client.customers.update(customer.id, { last_name: "Gómez" });
      expect(updated).toMatchObject({ first_name: "María", last_name: "Gómez" });
      const found = await client.customers.search({ email: "maria@testuser.com" });
      expect(found.results.map((c) => c.id)).toEqual([customer.id]);
      // provider: one customer per e-mail and seller.
      await expect(client.customers.create({ email: "maria@testuser.com" })).rejects.toBeInstanceOf(
        ProviderBadRequestError,
      );

      const token = await tokenizeTestCard(client, { brand: "master" });
      const card = await client.cards.create(customer.id, { token: token.id });
      expect(card).toMatchObject({
        customer_id: customer.id,
        last_four_digits: "0604",
        payment_method: { id: "master" },
      });
      expect((await client.cards.list(customer.id)).map((c) => c.id)).toEqual([card.id]);
      expect(await client.cards.get(customer.id, card.id)).toEqual(card);
      const renewed = await client.cards.update(customer.id, card.id, { expiration_month: 5, expiration_year: 2031 });
      expect(renewed).toMatchObject({ expiration_month: 5, expiration_year: 2031 });

      const savedCardToken = await client.cardTokens.create({
        card_id: card.id,
        customer_id: customer.id,
        security_code: "123",
      });
      expect(savedCardToken.card_id).toBe(card.id);
      const payment = await client.payments.create({
        transaction_amount: 42,
        token: savedCardToken.id,
        installments: 1,
        payment_method_id: "master",
        payer: { type: "customer", id: customer.id, email: "maria@testuser.com" },
      });
      expect(payment.status).toBe("approved");
      expect(payment.card?.id).toBe(card.id);

      expect((await client.cards.remove(customer.id, card.id)).id).toBe(card.id);
      await expect(client.cards.get(customer.id, card.id)).rejects.toBeInstanceOf(ProviderNotFoundError);
      expect((await client.customers.remove(customer.id)).id).toBe(customer.id);
      await expect(client.customers.get(customer.id)).rejects.toBeInstanceOf(ProviderNotFoundError);
    });
  });
}
