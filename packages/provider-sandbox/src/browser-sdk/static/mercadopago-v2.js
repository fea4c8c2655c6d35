// The sandbox's stand-in for MercadoPago.js v2 (https://sdk.mercadopago.com/js/v2),
// served at GET /js/v2. It defines `window.MercadoPago` with the documented
// core methods (getIdentificationTypes, getPaymentMethods, getIssuers,
// getInstallments) and the `fields` module (secure fields). Card data is typed
// into iframes served from the sandbox's origin (`/secure-fields/<type>`); this
// script, which runs in the shop's page, only ever receives field events, the
// BIN and the resulting card token. It never sees a card number or a CVV.
//
// Written for the sandbox from the public docs of the provider's SDK; it is not
// the provider's code.
(() => {
  if (window.MercadoPago) return;

  const script = document.currentScript;
  // The sandbox's origin: where the frames and the browser API live.
  const SDK_ORIGIN = new URL(script?.src || "__SANDBOX_ORIGIN__", window.location.href).origin;
  const FIELD_TYPES = ["cardNumber", "expirationDate", "expirationMonth", "expirationYear", "securityCode"];
  const EVENTS = ["ready", "focus", "blur", "change", "paste", "validityChange", "error", "binChange"];
  const STYLE_KEYS = [
    "color",
    "font-family",
    "font-size",
    "font-style",
    "font-variant",
    "font-weight",
    "height",
    "margin",
    "margin-bottom",
    "margin-left",
    "margin-right",
    "margin-top",
    "padding",
    "padding-bottom",
    "padding-left",
    "padding-right",
    "padding-top",
    "placeholder-color",
    "text-align",
    "width",
  ];
  const TOKENIZE_TIMEOUT_MS = 15000;

  function randomId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function kebab(key) {
    return key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
  }

  /** Keeps only the documented style properties, as kebab-case strings. */
  function pickStyle(style) {
    const out = {};
    if (!style || typeof style !== "object") return out;
    for (const [key, value] of Object.entries(style)) {
      const name = kebab(key);
      if (STYLE_KEYS.includes(name) && (typeof value === "string" || typeof value === "number")) {
        out[name] = String(value);
      }
    }
    return out;
  }

  class SecureFieldError extends Error {
    constructor(message, causes) {
      super(message);
      this.name = "SecureFieldError";
      /** `[{ field?, message, cause }]`, the validation causes or the provider's error causes. */
      this.cause = causes;
      this.causes = causes;
    }
  }

  class Field {
    constructor(group, type, options) {
      this._group = group;
      this.type = type;
      this._options = options || {};
      this._id = randomId();
      this._listeners = new Map();
      this._iframe = null;
      this._ready = false;
      this._queue = [];
      /** When the buyer last typed into the field, and when it was mounted: the newest wins among duplicates. */
      this._changedAt = 0;
      this._mountedAt = 0;
    }

    /** Mounts the field's frame into the element with id `container`. */
    mount(container) {
      const host = typeof container === "string" ? document.getElementById(container) : container;
      if (!host) throw new Error(`MercadoPago: container "${container}" not found`);
      if (this._iframe) this.unmount();
      const group = this._group;
      const params = new URLSearchParams({
        group: group.id,
        field: this._id,
        public_key: group.publicKey,
        locale: group.locale,
        origin: window.location.origin,
      });
      if (this._options.srLabel) params.set("label", String(this._options.srLabel));
      const iframe = document.createElement("iframe");
      iframe.src = `${SDK_ORIGIN}/secure-fields/${this.type}?${params}`;
      iframe.name = `mp-secure-field-${this.type}`;
      iframe.title = this._options.srLabel ? String(this._options.srLabel) : group.frameTitle(this.type);
      iframe.setAttribute("frameborder", "0");
      iframe.setAttribute("scrolling", "no");
      iframe.setAttribute("allow", "payment");
      iframe.style.border = "0";
      iframe.style.width = "100%";
      iframe.style.height = this._options.style?.height ? String(this._options.style.height) : "40px";
      iframe.style.display = "block";
      iframe.addEventListener("load", () => this._post({ kind: "init", options: this._initOptions() }));
      this._iframe = iframe;
      this._mountedAt = Date.now();
      group.register(this);
      host.appendChild(iframe);
      return this;
    }

    /** Removes the field's frame. */
    unmount() {
      if (this._iframe) {
        this._iframe.remove();
        this._iframe = null;
      }
      this._ready = false;
      this._queue = [];
      this._group.unregister(this);
      return this;
    }

    /** Listens to `ready`, `focus`, `blur`, `change`, `paste`, `validityChange`, `error` or `binChange`. */
    on(event, callback) {
      if (!EVENTS.includes(event)) throw new Error(`MercadoPago: unknown field event "${event}"`);
      if (typeof callback !== "function") throw new Error("MercadoPago: the callback must be a function");
      const list = this._listeners.get(event) || [];
      list.push(callback);
      this._listeners.set(event, list);
      return this;
    }

    /** Updates `placeholder`, `settings` (card number / security code rules) or `invalid`. */
    update(properties) {
      const props = properties || {};
      if (props.placeholder !== undefined) this._options.placeholder = props.placeholder;
      this._post({ kind: "update", properties: JSON.parse(JSON.stringify(props)) });
      return this;
    }

    focus() {
      this._post({ kind: "focus" });
      return this;
    }

    blur() {
      this._post({ kind: "blur" });
      return this;
    }

    _initOptions() {
      const o = this._options;
      return {
        placeholder: o.placeholder === undefined ? null : String(o.placeholder),
        style: pickStyle(o.style),
        srLabel: o.srLabel === undefined ? null : String(o.srLabel),
        ariaRequired: o.ariaRequired === true,
        mode: o.mode === "short" || o.mode === "full" ? o.mode : null,
        enableLuhnValidation: o.enableLuhnValidation !== false,
      };
    }

    _post(message) {
      if (!this._iframe?.contentWindow) return;
      if (message.kind !== "init" && !this._ready) {
        this._queue.push(message);
        return;
      }
      this._iframe.contentWindow.postMessage({ source: "mp-sdk", field: this._id, ...message }, SDK_ORIGIN);
    }

    _receive(data) {
      if (data.kind === "event") {
        if (data.event === "ready") {
          this._ready = true;
          const queued = this._queue;
          this._queue = [];
          for (const message of queued) this._post(message);
        }
        if (data.event === "change") this._changedAt = Date.now();
        this._emit(data.event, data.payload);
      } else if (data.kind === "tokenized") {
        this._group.settle(data);
      }
    }

    _emit(event, payload) {
      for (const callback of this._listeners.get(event) || []) {
        try {
          callback(payload);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
    }
  }

  /** The fields of one MercadoPago instance; their frames share a channel named after `id`. */
  class FieldGroup {
    constructor(mp) {
      this.id = randomId();
      this.publicKey = mp._publicKey;
      this.locale = mp._locale;
      this.fields = new Set();
      this.pending = new Map();
      this._onMessage = (event) => this._dispatch(event);
    }

    frameTitle(type) {
      const en = {
        cardNumber: "Card number",
        expirationDate: "Expiration date",
        expirationMonth: "Expiration month",
        expirationYear: "Expiration year",
        securityCode: "Security code",
      };
      const es = {
        cardNumber: "Número de tarjeta",
        expirationDate: "Fecha de vencimiento",
        expirationMonth: "Mes de vencimiento",
        expirationYear: "Año de vencimiento",
        securityCode: "Código de seguridad",
      };
      const pt = {
        cardNumber: "Número do cartão",
        expirationDate: "Data de vencimento",
        expirationMonth: "Mês de vencimento",
        expirationYear: "Ano de vencimento",
        securityCode: "Código de segurança",
      };
      const lang = this.locale.slice(0, 2);
      return (lang === "es" ? es : lang === "pt" ? pt : en)[type];
    }

    register(field) {
      if (this.fields.size === 0) window.addEventListener("message", this._onMessage);
      this.fields.add(field);
    }

    unregister(field) {
      this.fields.delete(field);
      if (this.fields.size === 0) window.removeEventListener("message", this._onMessage);
    }

    _dispatch(event) {
      // Only the sandbox's frames speak to the SDK, and each only for itself.
      if (event.origin !== SDK_ORIGIN) return;
      const data = event.data;
      if (data?.source !== "mp-secure-field") return;
      for (const field of this.fields) {
        if (field._id === data.field && field._iframe && event.source === field._iframe.contentWindow) {
          field._receive(data);
          return;
        }
      }
    }

    /**
     * The mounted field of a type. One per type is the rule; should a page mount two (a saved
     * card's CVV beside a new card's), the one the buyer typed into last is the one meant.
     */
    mounted(type) {
      let found = null;
      for (const field of this.fields) {
        if (field.type !== type || !field._iframe) continue;
        if (
          !found ||
          field._changedAt > found._changedAt ||
          (field._changedAt === found._changedAt && field._mountedAt >= found._mountedAt)
        ) {
          found = field;
        }
      }
      return found;
    }

    tokenize(data) {
      const cardId = data.cardId ? String(data.cardId) : null;
      // A new card is tokenized by its number's frame; a saved card by its security code's frame.
      const primary = this.mounted(cardId ? "securityCode" : "cardNumber");
      if (!primary) {
        const missing = cardId ? "securityCode" : "cardNumber";
        return Promise.reject(
          new SecureFieldError(`MercadoPago: mount a ${missing} field before creating a card token`, [
            { field: missing, message: `${missing} field is not mounted.`, cause: "missing_field" },
          ]),
        );
      }
      const requestId = randomId();
      // The other fields the token needs, one per type, named by id so that only they answer.
      const types = new Set([...this.fields].filter((f) => f._iframe && f.type !== primary.type).map((f) => f.type));
      const siblings = [...types].map((type) => ({ type, field: this.mounted(type)._id }));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          this.pending.delete(requestId);
          reject(new SecureFieldError("MercadoPago: the secure fields did not answer", []));
        }, TOKENIZE_TIMEOUT_MS);
        this.pending.set(requestId, { resolve, reject, timer });
        primary._post({
          kind: "tokenize",
          requestId,
          siblings: cardId ? [] : siblings,
          data: {
            cardId,
            cardholderName: data.cardholderName === undefined ? null : String(data.cardholderName),
            identificationType: data.identificationType ? String(data.identificationType) : null,
            identificationNumber: data.identificationNumber ? String(data.identificationNumber) : null,
          },
        });
      });
    }

    settle(data) {
      const pending = this.pending.get(data.requestId);
      if (!pending) return;
      this.pending.delete(data.requestId);
      clearTimeout(pending.timer);
      if (data.ok) pending.resolve(data.token);
      else
        pending.reject(new SecureFieldError(data.error?.message || "card token not created", data.error?.causes || []));
    }
  }

  function query(params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
    }
    return search.toString();
  }

  async function getJson(path, params) {
    const response = await fetch(`${SDK_ORIGIN}${path}?${query(params)}`, { credentials: "omit" });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const error = new Error(body?.message || `request failed with status ${response.status}`);
      error.status = response.status;
      error.cause = body?.cause || [];
      throw error;
    }
    return body;
  }

  const LOCALES = ["es-AR", "es-CL", "es-CO", "es-MX", "es-VE", "es-UY", "es-PE", "pt-BR", "en-US"];

  class MercadoPago {
    constructor(publicKey, options) {
      if (typeof publicKey !== "string" || publicKey.trim() === "") {
        throw new Error("MercadoPago: a public key is required");
      }
      const opts = options || {};
      this._publicKey = publicKey.trim();
      const requested = opts.locale || navigator.language || "en-US";
      this._locale = LOCALES.includes(requested) ? requested : "en-US";
      const group = new FieldGroup(this);
      this._group = group;
      this.fields = {
        create: (type, fieldOptions) => {
          if (!FIELD_TYPES.includes(type)) throw new Error(`MercadoPago: unknown field type "${type}"`);
          const hasDate = group.mounted("expirationDate");
          const hasSplit = group.mounted("expirationMonth") || group.mounted("expirationYear");
          if (
            (type === "expirationDate" && hasSplit) ||
            (type.startsWith("expiration") && type !== "expirationDate" && hasDate)
          ) {
            throw new Error("MercadoPago: expirationDate cannot coexist with expirationMonth or expirationYear");
          }
          return new Field(group, type, fieldOptions);
        },
        createCardToken: (nonPCIData) => group.tokenize(nonPCIData || {}),
        focus: () => {
          const first = group.mounted("cardNumber") || [...group.fields][0];
          first?.focus();
        },
        blur: () => {
          for (const field of group.fields) field.blur();
        },
      };
    }

    getIdentificationTypes() {
      return getJson("/v1/identification_types", { public_key: this._publicKey });
    }

    getPaymentMethods(params) {
      const p = params || {};
      return getJson("/v1/payment_methods/search", {
        public_key: this._publicKey,
        bin: p.bin,
        processing_mode: p.processingMode,
        locale: this._locale,
      });
    }

    getIssuers(params) {
      const p = params || {};
      return getJson("/v1/payment_methods/card_issuers", {
        public_key: this._publicKey,
        payment_method_id: p.paymentMethodId,
        bin: p.bin,
        processing_mode: p.processingMode,
        locale: this._locale,
      });
    }

    getInstallments(params) {
      const p = params || {};
      return getJson("/v1/payment_methods/installments", {
        public_key: this._publicKey,
        amount: p.amount,
        bin: p.bin,
        payment_type_id: p.paymentTypeId,
        processing_mode: p.processingMode,
        locale: p.locale || this._locale,
      });
    }
  }

  window.MercadoPago = MercadoPago;
})();
