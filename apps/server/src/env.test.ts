import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("loadEnv: e-mail settings", () => {
  it("runs on embedded defaults without SMTP_URL (the mail catcher on free ports)", () => {
    const env = loadEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_CATCHER_SMTP_PORT).toBe(0);
    expect(env.MAIL_CATCHER_WEB_PORT).toBe(0);
  });

  it("accepts an SMTP URL with a sender, as an address or a name and an address", () => {
    expect(loadEnv({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "shop@example.com" })).toMatchObject({
      SMTP_URL: "smtps://u:p@mail.example.com:465",
      MAIL_FROM: "shop@example.com",
    });
    expect(
      loadEnv({ SMTP_URL: "smtp://mail.example.com:587", MAIL_FROM: "My Shop <shop@example.com>" }).MAIL_FROM,
    ).toBe("My Shop <shop@example.com>");
  });

  it("requires MAIL_FROM with SMTP_URL, and names the bad variables without their values", () => {
    expect(() => loadEnv({ SMTP_URL: "smtp://u:secret-pass@mail.example.com:587" })).toThrow(/MAIL_FROM: is required/);
    const attempt = () => loadEnv({ SMTP_URL: "https://u:secret-pass@mail.example.com", MAIL_FROM: "not an address" });
    expect(attempt).toThrow(/SMTP_URL: must start with smtp/);
    expect(attempt).toThrow(/MAIL_FROM: must be an address/);
    expect(attempt).not.toThrow(/secret-pass/);
  });
});
