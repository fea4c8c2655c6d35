// Runs inside one secure field's frame (/secure-fields/<type>), served from the
// sandbox's origin. It holds the real <input>. Messaging rules:
// - with the shop's page (the parent): only `event.source === window.parent`
//   and `event.origin` equal to the origin the SDK declared are listened to;
//   the frame posts back field events, the BIN and, from the tokenizing frame,
//   the card token; never a card number, expiry or CVV;
// - with sibling frames of the same MercadoPago instance (same origin): a
//   BroadcastChannel named after the instance, over which the tokenizing frame
//   collects the expiry and CVV and the card-number frame shares the brand's
//   security code rules;
// - with the sandbox: the tokenizing frame's own POST /v1/card_tokens.
//
// Written for the sandbox from the public docs of the provider's SDK; it is not
// the provider's code.
(() => {
  const TYPES = ["cardNumber", "expirationDate", "expirationMonth", "expirationYear", "securityCode"];
  const type = decodeURIComponent(window.location.pathname.split("/").pop() || "");
  const params = new URLSearchParams(window.location.search);
  const fieldId = params.get("field") || "";
  const groupId = params.get("group") || "";
  const publicKey = params.get("public_key") || "";
  let parentOrigin = null;
  try {
    parentOrigin = new URL(params.get("origin") || "").origin;
  } catch {
    parentOrigin = null;
  }
  const input = document.getElementById("field");
  if (!TYPES.includes(type) || !input || !parentOrigin || parentOrigin === "null" || window.parent === window) return;

  const COLLECT_TIMEOUT_MS = 3000;
  const channel = new BroadcastChannel(`mp-secure-fields:${groupId}`);
  const state = {
    mode: null,
    luhn: true,
    /** `enableLuhnValidation` of the SDK's options; the brand's `validation` can only turn Luhn off further. */
    luhnEnabled: true,
    cardLength: null,
    securityCodeLength: null,
    securityCodeMode: "mandatory",
    touched: false,
    lastValidity: null,
    bin: null,
    binLookup: 0,
    /** The brand lookup in flight, awaited before tokenizing so the CVV frame has the brand's rules. */
    lookup: Promise.resolve(),
  };

  function toParent(message) {
    window.parent.postMessage({ source: "mp-secure-field", field: fieldId, ...message }, parentOrigin);
  }

  function emit(event, payload) {
    toParent({ kind: "event", event, payload: { field: type, ...(payload || {}) } });
  }

  function digits() {
    return input.value.replace(/\D/g, "");
  }

  // ---- formatting -------------------------------------------------------

  function formatCardNumber(d) {
    const groups = /^3[47]/.test(d) ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const parts = [];
    let rest = d;
    for (const size of groups) {
      if (!rest) break;
      parts.push(rest.slice(0, size));
      rest = rest.slice(size);
    }
    return parts.join(" ");
  }

  function maxDigits() {
    if (type === "cardNumber") return state.cardLength || 19;
    if (type === "securityCode") return state.securityCodeLength || 4;
    if (type === "expirationMonth") return 2;
    if (type === "expirationYear") return state.mode === "short" ? 2 : 4;
    return state.mode === "short" ? 4 : 6;
  }

  function reformat() {
    const hadNonDigits = /[^\d\s/]/.test(input.value);
    const d = digits().slice(0, maxDigits());
    let value = d;
    if (type === "cardNumber") value = formatCardNumber(d);
    else if (type === "expirationDate" && d.length > 2) value = `${d.slice(0, 2)}/${d.slice(2)}`;
    if (input.value !== value) input.value = value;
    return hadNonDigits;
  }

  // ---- validation (messages and causes as the provider's docs list them) ----

  function passesLuhn(d) {
    let sum = 0;
    let double = false;
    for (let i = d.length - 1; i >= 0; i--) {
      let n = Number(d[i]);
      if (double) {
        n *= 2;
        if (n > 9) n -= 9;
      }
      sum += n;
      double = !double;
    }
    return sum % 10 === 0;
  }

  function now() {
    const date = new Date();
    return { month: date.getMonth() + 1, year: date.getFullYear() };
  }

  function fullYear(text) {
    return text.length === 2 ? 2000 + Number(text) : Number(text);
  }

  function monthErrors(text, prefix) {
    if (!/^\d{1,2}$/.test(text)) return [{ message: `${prefix} should be a number.`, cause: "invalid_type" }];
    const month = Number(text);
    if (month < 1 || month > 12) {
      return [{ message: `${prefix} should be a value from 1 to 12.`, cause: "invalid_value" }];
    }
    return [];
  }

  function yearErrors(text, prefix) {
    if (!/^\d+$/.test(text)) return [{ message: `${prefix} should be a number.`, cause: "invalid_type" }];
    const allowed = state.mode === "short" ? [2] : state.mode === "full" ? [4] : [2, 4];
    if (!allowed.includes(text.length)) {
      const lengths = allowed.map((n) => `'${n}'`).join(" or ");
      return [{ message: `${prefix} should be of length ${lengths}.`, cause: "invalid_length" }];
    }
    const current = now().year;
    if (fullYear(text) < current) {
      return [{ message: `${prefix} should be greater or equal than ${current}.`, cause: "invalid_value" }];
    }
    return [];
  }

  function pastDateErrors(monthText, yearText) {
    const { month, year } = now();
    if (fullYear(yearText) === year && Number(monthText) < month) {
      return [
        {
          message: `expirationMonth value should be greater than '${month - 1}' or expirationYear value should be greater than '${year}'.`,
          cause: "invalid_value",
        },
      ];
    }
    return [];
  }

  function expiryParts() {
    const d = digits();
    return { month: d.slice(0, 2), year: d.slice(2) };
  }

  function validate() {
    const d = digits();
    switch (type) {
      case "cardNumber": {
        if (/[^\d\s]/.test(input.value)) {
          return [{ message: "cardNumber should be a number.", cause: "invalid_type" }];
        }
        const lengthOk = state.cardLength ? d.length === state.cardLength : d.length >= 9 && d.length <= 19;
        if (!lengthOk) {
          const message = state.cardLength
            ? `cardNumber should be of length '${state.cardLength}'.`
            : "cardNumber should be of length between '9' and '19'.";
          return [{ message, cause: "invalid_length" }];
        }
        if (state.luhn && !passesLuhn(d))
          return [{ message: "card number rejected on Luhn Validation.", cause: "invalid_value" }];
        return [];
      }
      case "securityCode": {
        if (d === "" && state.securityCodeMode === "optional") return [];
        if (/[^\d]/.test(input.value)) return [{ message: "securityCode should be a number.", cause: "invalid_type" }];
        const lengths = state.securityCodeLength ? [state.securityCodeLength] : [3, 4];
        if (!lengths.includes(d.length)) {
          return [{ message: `securityCode should be of length '${lengths[0]}'.`, cause: "invalid_length" }];
        }
        return [];
      }
      case "expirationMonth":
        return monthErrors(input.value.trim(), "expirationMonth");
      case "expirationYear":
        return yearErrors(input.value.trim(), "expirationYear");
      default: {
        const { month, year } = expiryParts();
        const errors = [...monthErrors(month, "expirationMonth"), ...yearErrors(year, "expirationYear")];
        return errors.length > 0 ? errors : pastDateErrors(month, year);
      }
    }
  }

  function reportValidity(force) {
    const errors = validate();
    const key = JSON.stringify(errors);
    input.setAttribute("aria-invalid", errors.length > 0 ? "true" : "false");
    if (force || key !== state.lastValidity) {
      state.lastValidity = key;
      emit("validityChange", { errorMessages: errors });
    }
    return errors;
  }

  // ---- the card number's BIN and brand rules ----------------------------

  async function lookUpBrand(bin) {
    const ticket = ++state.binLookup;
    try {
      const query = new URLSearchParams({ public_key: publicKey, bin });
      const response = await fetch(`/v1/payment_methods/search?${query}`);
      if (!response.ok || ticket !== state.binLookup) return;
      const body = await response.json();
      const settings = body?.results?.[0]?.settings?.[0];
      if (!settings) return;
      state.cardLength = settings.card_number?.length || null;
      state.luhn = state.luhnEnabled && settings.card_number?.validation !== "none";
      const securityCode = settings.security_code;
      if (securityCode) {
        channel.postMessage({
          kind: "settings",
          securityCode: { length: securityCode.length, mode: securityCode.mode },
        });
      }
      reformat();
    } catch {
      emit("error", { error: "could not look up the card's payment method" });
    }
  }

  function checkBin() {
    const d = digits();
    const bin = d.length >= 8 ? d.slice(0, 8) : null;
    if (bin === state.bin) return;
    state.bin = bin;
    if (bin === null) {
      state.cardLength = null;
      state.luhn = state.luhnEnabled;
      state.binLookup++;
    } else {
      state.lookup = lookUpBrand(bin);
    }
    // provider: binChange carries the BIN only (first 8 digits), never more of the number.
    emit("binChange", { bin });
  }

  // ---- settings from the SDK (init / update) ----------------------------

  function applyStyle(style) {
    for (const [name, value] of Object.entries(style || {})) {
      if (name === "placeholder-color") document.documentElement.style.setProperty("--placeholder-color", value);
      else if (name === "height") document.documentElement.style.setProperty("--field-height", value);
      else input.style.setProperty(name, value);
    }
  }

  function applySettings(settings) {
    if (!settings || typeof settings !== "object") return;
    if (type === "cardNumber") {
      if (Number.isInteger(settings.length)) state.cardLength = settings.length;
      if (settings.validation) state.luhn = settings.validation === "standard";
    }
    if (type === "securityCode") {
      if (Number.isInteger(settings.length)) state.securityCodeLength = settings.length;
      if (settings.mode) state.securityCodeMode = settings.mode;
    }
    reformat();
  }

  function init(options) {
    const o = options || {};
    if (o.placeholder !== null && o.placeholder !== undefined) input.placeholder = o.placeholder;
    if (o.srLabel) {
      input.setAttribute("aria-label", o.srLabel);
      document.title = o.srLabel;
    }
    if (o.ariaRequired) input.setAttribute("aria-required", "true");
    if (o.mode) state.mode = o.mode;
    if (type === "cardNumber") {
      state.luhnEnabled = o.enableLuhnValidation !== false;
      state.luhn = state.luhnEnabled;
    }
    applyStyle(o.style);
    emit("ready");
  }

  // ---- tokenizing ---------------------------------------------------------

  /** Asks the sibling frames `[{type, field}]` for their values; resolves `{ [type]: {value, errors} }`. */
  function collect(requestId, siblings) {
    return new Promise((resolve, reject) => {
      const values = {};
      const waiting = new Map(siblings.map((s) => [s.field, s.type]));
      const timer = setTimeout(() => {
        channel.removeEventListener("message", onReply);
        reject(new Error(`the ${[...waiting.values()].join(", ")} field did not answer`));
      }, COLLECT_TIMEOUT_MS);
      function onReply(event) {
        const data = event.data;
        if (data?.kind !== "value" || data.requestId !== requestId || waiting.get(data.field) !== data.type) return;
        waiting.delete(data.field);
        values[data.type] = data;
        if (waiting.size === 0) {
          clearTimeout(timer);
          channel.removeEventListener("message", onReply);
          resolve(values);
        }
      }
      channel.addEventListener("message", onReply);
      if (waiting.size === 0) {
        clearTimeout(timer);
        resolve(values);
        return;
      }
      channel.postMessage({ kind: "collect", requestId, fields: siblings.map((s) => s.field) });
    });
  }

  function expiryFrom(values) {
    if (values.expirationDate) {
      const text = values.expirationDate.value;
      return { month: text.slice(0, 2), year: text.slice(2) };
    }
    return { month: values.expirationMonth?.value, year: values.expirationYear?.value };
  }

  function providerCauses(body) {
    const causes = Array.isArray(body?.cause) ? body.cause : [];
    return causes.map((c) => ({
      field: typeof c.data === "string" ? c.data : undefined,
      message: c.description || body.message,
      cause: String(c.code),
    }));
  }

  async function tokenize(message) {
    const { requestId, data } = message;
    const reply = (result) => toParent({ kind: "tokenized", requestId, ...result });
    try {
      const siblings = Array.isArray(message.siblings)
        ? message.siblings.filter((s) => TYPES.includes(s?.type) && typeof s.field === "string" && s.type !== type)
        : [];
      // The brand's rules (number and CVV length) are broadcast before the siblings are asked for their values.
      await state.lookup;
      const values = await collect(requestId, siblings);
      const own = reportValidity(true);
      const causes = [
        ...own.map((e) => ({ field: type, ...e })),
        ...Object.values(values).flatMap((v) => v.errors.map((e) => ({ field: v.type, ...e }))),
      ];
      if (causes.length > 0) {
        reply({ ok: false, error: { message: "invalid card data in the secure fields", causes } });
        return;
      }
      let body;
      if (data.cardId) {
        body = { card_id: data.cardId, security_code: digits() };
      } else {
        const expiry = expiryFrom(values);
        const cardholder = { name: data.cardholderName ?? "" };
        if (data.identificationType || data.identificationNumber) {
          cardholder.identification = { type: data.identificationType, number: data.identificationNumber };
        }
        body = {
          card_number: digits(),
          expiration_month: Number(expiry.month),
          expiration_year: fullYear(String(expiry.year)),
          cardholder,
        };
        if (values.securityCode && values.securityCode.value !== "") body.security_code = values.securityCode.value;
      }
      const response = await fetch(`/v1/card_tokens?${new URLSearchParams({ public_key: publicKey })}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const result = await response.json().catch(() => null);
      if (!response.ok) {
        reply({
          ok: false,
          error: {
            message: result?.message || `card token failed (${response.status})`,
            causes: providerCauses(result),
          },
        });
        return;
      }
      reply({ ok: true, token: { ...result, public_key: publicKey } });
    } catch (error) {
      reply({
        ok: false,
        error: {
          message: error instanceof Error ? error.message : "card token failed",
          causes: [
            { message: "the card token could not be created", cause: "secure_fields_card_token_creation_failed" },
          ],
        },
      });
    }
  }

  // ---- wiring -------------------------------------------------------------

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    const data = event.data;
    if (data?.source !== "mp-sdk" || data.field !== fieldId) return;
    if (data.kind === "init") init(data.options);
    else if (data.kind === "update") {
      const p = data.properties || {};
      if (typeof p.placeholder === "string") input.placeholder = p.placeholder;
      if (p.settings) applySettings(p.settings);
      if (typeof p.invalid === "boolean") input.setAttribute("aria-invalid", String(p.invalid));
    } else if (data.kind === "focus") input.focus();
    else if (data.kind === "blur") input.blur();
    else if (data.kind === "tokenize") tokenize(data);
  });

  channel.addEventListener("message", (event) => {
    const data = event.data;
    if (!data) return;
    if (data.kind === "collect" && Array.isArray(data.fields) && data.fields.includes(fieldId)) {
      const errors = reportValidity(true);
      channel.postMessage({ kind: "value", requestId: data.requestId, field: fieldId, type, value: digits(), errors });
    } else if (data.kind === "settings" && type === "securityCode" && data.securityCode) {
      applySettings(data.securityCode);
    }
  });

  input.addEventListener("input", () => {
    reformat();
    emit("change");
    if (type === "cardNumber") checkBin();
    if (state.touched) reportValidity(false);
  });
  input.addEventListener("paste", () => emit("paste"));
  input.addEventListener("focus", () => emit("focus"));
  input.addEventListener("blur", () => {
    emit("blur");
    if (digits() !== "" || state.touched) {
      state.touched = true;
      reportValidity(true);
    }
  });
})();
