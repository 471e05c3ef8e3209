/*
 * Tribune's stand-in for Stripe.js v3 (`window.Stripe`), served as /stand-ins/stripe.js when the
 * Stripe stand-in is configured: browser tests and the offline demo cannot reach js.stripe.com.
 * It draws a plain card form (no iframe) and lets the Tribune server do the work: the server
 * relays to localstripe under /stand-ins/stripe/…. Plain ES2020, no build step, no imports.
 *
 * What @stripe/stripe-js 10.x and @stripe/react-stripe-js 7.x call, and what this answers:
 *   loadStripe (stripe-js)      `window.Stripe.version` is compared with the package's release
 *                               train ('endive' for stripe-js 10.x); for a pk_test_… key a
 *                               mismatch is a console.warn, so RELEASE_TRAIN below must follow
 *                               the stripe-js major the webapp uses. Then `Stripe(pk, options)`
 *                               and `stripe._registerWrapper({name, version, startTime})`.
 *   <Elements> (react)          isStripe(): `elements`, `createToken`, `createPaymentMethod` and
 *                               `confirmCardPayment` must be functions. Then
 *                               `stripe.elements(options)`, `elements.update(changedOptions)`
 *                               (clientSecret and fonts are never passed: react-stripe-js treats
 *                               them as immutable), `stripe._registerWrapper(...)` and
 *                               `stripe.registerAppInfo(...)`.
 *   <PaymentElement> (react)    `elements.create(type, options)`, `element.mount(div)`,
 *                               `element.on/off(event, fn)` for every event prop (onReady is
 *                               called with the element), `element.update(changedOptions)`,
 *                               `element.destroy()` (StrictMode destroys and creates it again).
 *   the app                     `stripe.confirmPayment`, `stripe.confirmSetup`, `useElements()`
 *                               → `elements.getElement('payment')`, `elements.submit()`.
 *
 * Supported beyond that: elements.fetchUpdates/on/off; element.once/focus/blur/clear/unmount/
 * collapse; stripe.retrievePaymentIntent/retrieveSetupIntent; confirmCardPayment/
 * confirmCardSetup with a 'card' element; confirmCardPayment with a saved card
 * (`{payment_method: 'pm_…'}`, a card of the intent's customer); handleNextAction/handleCardAction (3-D Secure for an
 * intent already waiting for it).
 *
 * Deliberately NOT supported (present only so nothing is undefined; each resolves
 * `{error: {type: 'invalid_request_error', code: 'unsupported_by_stand_in', …}}` or is a no-op):
 * createToken, createPaymentMethod, createConfirmationToken, paymentRequest (returns a request
 * that can never make a payment), every confirmXxxPayment/Setup for other methods than card,
 * collectBankAccount*, verifyMicrodeposits*, verifyIdentity, checkout/embedded checkout
 * (initCheckout*, initEmbeddedCheckout, createEmbeddedCheckoutPage). Element types other than
 * 'payment' and 'card' render the same card form. Wallets, Link, saved cards in the element and the
 * elements' `mode`/`amount` (deferred intents) have no effect. Nothing here writes to the console.
 *
 * Deviations that only make it more forgiving: an 'ready' listener attached after the element is
 * ready is still called once; creating a second element of a type replaces the first instead of
 * throwing. Like Stripe, a confirmation ending in requires_payment_method without an error
 * resolves an error (code payment_intent_authentication_failure / setup_intent_…).
 */
(function () {
  'use strict';

  /** The release train @stripe/stripe-js expects (10.x: 'endive'); see the note above. */
  const RELEASE_TRAIN = 'endive';
  const BASE = '/stand-ins/stripe';

  const TEXT = {
    number: 'Kortnummer',
    expiry: 'Udløbsdato',
    cvc: 'Kontrolcifre',
    incomplete: 'Udfyld kortoplysningerne.',
    unreachable: 'Kunne ikke kontakte betalingsudbyderen.',
    badAnswer: 'Betalingsudbyderen svarede uventet.',
    notApproved: 'Betalingen blev ikke godkendt.',
    noClientSecret: 'Betalingen mangler sin client secret.',
    noReturnUrl: 'confirmParams.return_url mangler.',
    unsupported: 'Testudgaven af Stripe understøtter ikke dette.',
    dialogTitle: '3-D Secure (testbank)',
    dialogText: 'Godkend betalingen hos din bank.',
    approve: 'Godkend',
    reject: 'Afvis',
  };

  let counter = 0;

  // ---------------------------------------------------------------- helpers

  const later = (fn) => setTimeout(fn, 0);

  function unsupported() {
    return Promise.resolve({
      error: {
        type: 'invalid_request_error',
        code: 'unsupported_by_stand_in',
        message: TEXT.unsupported,
      },
    });
  }

  function connectionError() {
    return { error: { type: 'api_connection_error', message: TEXT.unreachable } };
  }

  /** A JSON request to the Tribune server; never rejects: failures become `{error}`. */
  async function call(method, path, body) {
    let response;
    try {
      const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
      if (body !== undefined) {
        init.headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
      response = await fetch(BASE + path, init);
    } catch (_) {
      return connectionError();
    }
    let answer = null;
    try {
      answer = await response.json();
    } catch (_) {
      answer = null;
    }
    if (answer && typeof answer === 'object' && answer.error) {
      if (typeof answer.error === 'object') return { error: answer.error };
      // Tribune's own refusals (HTTP 4xx): {success: false, error: 'text', code}
      return {
        error: {
          type: 'invalid_request_error',
          code: typeof answer.code === 'string' ? answer.code : undefined,
          message: String(answer.error),
        },
      };
    }
    if (!response.ok || !answer || typeof answer !== 'object') {
      return {
        error: {
          type: 'api_error',
          message: TEXT.badAnswer + ' (HTTP ' + response.status + ')',
        },
      };
    }
    return answer;
  }

  function digits(text) {
    return String(text || '').replace(/[\s-]/g, '');
  }

  /** The card as typed, and whether every field is well-formed. */
  function readCard(values) {
    const number = digits(values.number);
    const numberOk = /^\d{13,19}$/.test(number);
    const exp = String(values.expiry || '').trim();
    const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(exp) || /^(\d{2})(\d{2})$/.exec(exp);
    const expMonth = match ? Number(match[1]) : NaN;
    const expYear = match ? 2000 + Number(match[2]) : NaN;
    const expiryOk = expMonth >= 1 && expMonth <= 12;
    const cvc = String(values.cvc || '').trim();
    const cvcOk = /^\d{3,4}$/.test(cvc);
    return {
      number,
      expMonth,
      expYear,
      cvc,
      ok: { number: numberOk, expiry: expiryOk, cvc: cvcOk },
      complete: numberOk && expiryOk && cvcOk,
      empty: !values.number && !values.expiry && !values.cvc,
    };
  }

  function css(node, styles) {
    Object.assign(node.style, styles);
    return node;
  }

  // ---------------------------------------------------------------- events

  class Emitter {
    constructor() {
      this._listeners = {};
    }

    on(event, handler) {
      if (typeof handler === 'function') {
        (this._listeners[event] = this._listeners[event] || []).push({ handler, once: false });
        this._attached(event, handler);
      }
      return this;
    }

    once(event, handler) {
      if (typeof handler === 'function') {
        (this._listeners[event] = this._listeners[event] || []).push({ handler, once: true });
        this._attached(event, handler);
      }
      return this;
    }

    off(event, handler) {
      const list = this._listeners[event];
      if (list) {
        this._listeners[event] = handler ? list.filter((l) => l.handler !== handler) : [];
      }
      return this;
    }

    _attached() {}

    _emit(event, payload) {
      const list = (this._listeners[event] || []).slice();
      this._listeners[event] = (this._listeners[event] || []).filter((l) => !l.once);
      for (const l of list) l.handler(payload);
    }
  }

  // ---------------------------------------------------------------- an Element

  const FIELDS = [
    {
      key: 'number',
      label: TEXT.number,
      attrs: {
        inputmode: 'numeric',
        autocomplete: 'cc-number',
        placeholder: '1234 1234 1234 1234',
        maxlength: '23',
      },
    },
    {
      key: 'expiry',
      label: TEXT.expiry,
      attrs: { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / ÅÅ', maxlength: '7' },
    },
    {
      key: 'cvc',
      label: TEXT.cvc,
      attrs: { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC', maxlength: '4' },
    },
  ];

  class FakeElement extends Emitter {
    constructor(group, type, options) {
      super();
      this._group = group;
      this._type = type;
      this._options = Object.assign({}, options || {});
      this._id = 'tribune-stripe-' + ++counter;
      this._root = null;
      this._inputs = {};
      this._ready = false;
      this._destroyed = false;
      this._focused = false;
    }

    /** A 'ready' listener attached after the element became ready still hears it (once). */
    _attached(event, handler) {
      if (event === 'ready' && this._ready) {
        later(() => {
          if (!this._ready) return;
          const list = this._listeners.ready || [];
          const entry = list.find((l) => l.handler === handler);
          if (!entry) return;
          if (entry.once) this.off('ready', handler);
          handler({ elementType: this._type });
        });
      }
    }

    mount(target) {
      if (this._destroyed) {
        throw new Error('This Element has already been destroyed. Please create a new one.');
      }
      const node = typeof target === 'string' ? document.querySelector(target) : target;
      if (!node || typeof node.appendChild !== 'function') {
        throw new Error('The selector you specified (' + String(target) + ') applies to no DOM elements.');
      }
      if (this._root) this.unmount();
      this._root = this._render();
      node.appendChild(this._root);
      this._applyOptions();
      const root = this._root;
      later(() => {
        if (this._root !== root) return;
        this._ready = true;
        this._emit('ready', { elementType: this._type });
      });
      return this;
    }

    _render() {
      const theme = this._group._theme();
      const root = css(document.createElement('div'), {
        display: 'flex',
        flexDirection: 'column',
        gap: '0.75rem',
        width: '100%',
        fontFamily: theme.fontFamily,
        fontSize: theme.fontSize,
        color: theme.color,
      });
      root.className = 'tribune-stripe-element';
      root.setAttribute('data-tribune-stripe', this._type);
      root.setAttribute('role', 'group');
      root.setAttribute('aria-label', 'Kortoplysninger');
      this._inputs = {};
      for (const field of FIELDS) {
        const id = this._id + '-' + field.key;
        const wrap = css(document.createElement('div'), {
          display: 'flex',
          flexDirection: 'column',
          gap: '0.25rem',
        });
        const label = css(document.createElement('label'), { display: 'block', fontWeight: '500' });
        label.htmlFor = id;
        label.textContent = field.label;
        const input = css(document.createElement('input'), {
          display: 'block',
          width: '100%',
          boxSizing: 'border-box',
          padding: '0.5rem',
          border: '1px solid ' + theme.border,
          borderRadius: theme.radius,
          background: theme.background,
          color: 'inherit',
          font: 'inherit',
          outline: 'none',
        });
        input.id = id;
        input.type = 'text';
        input.name = field.key === 'number' ? 'cardnumber' : field.key === 'expiry' ? 'exp-date' : 'cvc';
        input.spellcheck = false;
        for (const [k, v] of Object.entries(field.attrs)) input.setAttribute(k, v);
        input.addEventListener('input', () => {
          input.removeAttribute('aria-invalid');
          this._paintBorder(input);
          this._emitChange();
        });
        input.addEventListener('focus', () => {
          this._paintBorder(input, true);
          if (!this._focused) {
            this._focused = true;
            this._emit('focus', { elementType: this._type });
          }
        });
        input.addEventListener('blur', (e) => {
          this._paintBorder(input);
          if (!this._root || !this._root.contains(e.relatedTarget)) {
            this._focused = false;
            this._emit('blur', { elementType: this._type });
          }
        });
        input.addEventListener('keydown', (e) => {
          if (e.key === 'Escape') this._emit('escape', { elementType: this._type });
        });
        wrap.appendChild(label);
        wrap.appendChild(input);
        root.appendChild(wrap);
        this._inputs[field.key] = input;
      }
      return root;
    }

    _paintBorder(input, focused) {
      const theme = this._group._theme();
      const invalid = input.getAttribute('aria-invalid') === 'true';
      const isFocused = focused || document.activeElement === input;
      input.style.borderColor = invalid ? theme.danger : isFocused ? theme.primary : theme.border;
      input.style.boxShadow = isFocused ? '0 0 0 1px ' + (invalid ? theme.danger : theme.primary) : 'none';
    }

    _applyOptions() {
      if (!this._root) return;
      const locked = !!(this._options.readOnly || this._options.disabled);
      for (const input of Object.values(this._inputs)) {
        input.readOnly = locked;
        input.style.opacity = locked ? '0.6' : '1';
      }
    }

    _values() {
      const v = {};
      for (const field of FIELDS) v[field.key] = this._inputs[field.key] ? this._inputs[field.key].value : '';
      return v;
    }

    _card() {
      return readCard(this._values());
    }

    /** Marks the malformed fields (aria-invalid, red border); true when the card is complete. */
    _validate() {
      const card = this._card();
      for (const field of FIELDS) {
        const input = this._inputs[field.key];
        if (!input) continue;
        if (card.ok[field.key]) input.removeAttribute('aria-invalid');
        else input.setAttribute('aria-invalid', 'true');
        this._paintBorder(input);
      }
      return card.complete;
    }

    _emitChange() {
      const card = this._card();
      this._emit('change', {
        elementType: this._type,
        empty: card.empty,
        complete: card.complete,
        collapsed: false,
        value: { type: 'card' },
      });
    }

    update(options) {
      Object.assign(this._options, options || {});
      this._applyOptions();
      return this;
    }

    focus() {
      if (this._inputs.number) this._inputs.number.focus();
      return this;
    }

    blur() {
      const active = document.activeElement;
      if (this._root && active && this._root.contains(active)) active.blur();
      return this;
    }

    clear() {
      if (!this._root) return this;
      for (const input of Object.values(this._inputs)) {
        input.value = '';
        input.removeAttribute('aria-invalid');
        this._paintBorder(input);
      }
      this._emitChange();
      return this;
    }

    collapse() {
      return this;
    }

    unmount() {
      if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
      this._root = null;
      this._inputs = {};
      this._ready = false;
      this._focused = false;
      return this;
    }

    destroy() {
      this.unmount();
      this._destroyed = true;
      this._listeners = {};
      this._group._forget(this);
    }
  }

  // ---------------------------------------------------------------- the Elements group

  class FakeElements extends Emitter {
    constructor(options) {
      super();
      this._options = Object.assign({}, options || {});
      this._elements = {};
    }

    get _clientSecret() {
      return this._options.clientSecret || null;
    }

    _theme() {
      const vars = (this._options.appearance && this._options.appearance.variables) || {};
      return {
        fontFamily: vars.fontFamily || 'inherit',
        fontSize: vars.fontSizeBase || 'inherit',
        color: vars.colorText || 'inherit',
        background: vars.colorBackground || '#ffffff',
        border: '#ced4da',
        primary: vars.colorPrimary || '#3b82f6',
        danger: vars.colorDanger || '#dc2626',
        radius: vars.borderRadius || '6px',
      };
    }

    create(type, options) {
      const element = new FakeElement(this, type, options);
      this._elements[type] = element;
      return element;
    }

    getElement(type) {
      return this._elements[type] || null;
    }

    _forget(element) {
      for (const [type, el] of Object.entries(this._elements)) {
        if (el === element) delete this._elements[type];
      }
    }

    /** The element that holds the card: the Payment Element, else a Card Element. */
    _cardElement() {
      const els = Object.values(this._elements);
      return (
        this._elements.payment ||
        this._elements.card ||
        els.find((el) => el._root) ||
        els[0] ||
        null
      );
    }

    update(options) {
      Object.assign(this._options, options || {});
      return this;
    }

    submit() {
      return Promise.resolve({});
    }

    fetchUpdates() {
      return Promise.resolve({});
    }
  }

  // ---------------------------------------------------------------- 3-D Secure

  let dialogOpen = null;

  /** Shows the test bank's dialog; resolves true (Godkend) or false (Afvis). */
  function askBank() {
    if (dialogOpen) return dialogOpen;
    dialogOpen = new Promise((resolve) => {
      const overlay = css(document.createElement('div'), {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483000',
        background: 'rgba(0, 0, 0, 0.45)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '1rem',
      });
      overlay.setAttribute('data-tribune-stripe', '3ds');
      const dialog = css(document.createElement('div'), {
        background: '#ffffff',
        color: '#1f2937',
        borderRadius: '8px',
        boxShadow: '0 10px 30px rgba(0, 0, 0, 0.3)',
        padding: '1.5rem',
        width: '100%',
        maxWidth: '24rem',
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      });
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', '3-D Secure');
      const heading = css(document.createElement('h2'), { margin: '0 0 0.75rem', fontSize: '1.25rem' });
      heading.textContent = TEXT.dialogTitle;
      const text = css(document.createElement('p'), { margin: '0 0 1.25rem' });
      text.textContent = TEXT.dialogText;
      const row = css(document.createElement('div'), {
        display: 'flex',
        gap: '0.5rem',
        justifyContent: 'flex-end',
      });
      const button = (label, primary, answer) => {
        const b = css(document.createElement('button'), {
          padding: '0.5rem 1rem',
          borderRadius: '6px',
          border: '1px solid ' + (primary ? '#2563eb' : '#9ca3af'),
          background: primary ? '#2563eb' : '#ffffff',
          color: primary ? '#ffffff' : '#1f2937',
          font: 'inherit',
          cursor: 'pointer',
        });
        b.type = 'button';
        b.textContent = label;
        b.addEventListener('click', () => finish(answer));
        return b;
      };
      const approve = button(TEXT.approve, true, true);
      const reject = button(TEXT.reject, false, false);
      row.appendChild(reject);
      row.appendChild(approve);
      dialog.appendChild(heading);
      dialog.appendChild(text);
      dialog.appendChild(row);
      overlay.appendChild(dialog);
      const onKey = (e) => {
        if (e.key === 'Escape') finish(false);
      };
      const previous = document.activeElement;
      function finish(answer) {
        document.removeEventListener('keydown', onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previous && typeof previous.focus === 'function' && document.contains(previous)) {
          previous.focus();
        }
        dialogOpen = null;
        resolve(answer);
      }
      document.addEventListener('keydown', onKey, true);
      document.body.appendChild(overlay);
      approve.focus();
    });
    return dialogOpen;
  }

  // ---------------------------------------------------------------- confirming

  const KINDS = {
    payment: {
      key: 'paymentIntent',
      confirm: '/confirm',
      authenticate: '/authenticate',
      retrieve: '/payment-intent',
      param: 'payment_intent',
      failure: 'payment_intent_authentication_failure',
      okStatuses: ['succeeded', 'requires_capture'],
    },
    setup: {
      key: 'setupIntent',
      confirm: '/confirm-setup',
      authenticate: '/authenticate-setup',
      retrieve: '/setup-intent',
      param: 'setup_intent',
      failure: 'setup_intent_authentication_failure',
      okStatuses: ['succeeded'],
    },
  };

  function needsAction(intent) {
    return intent && (intent.status === 'requires_action' || intent.status === 'requires_source_action');
  }

  /** After the server's answer: 3-D Secure when asked, and Stripe's error for a refused intent. */
  async function settle(kind, clientSecret, answer) {
    if (answer.error) return { error: answer.error };
    let intent = answer[kind.key];
    if (!intent || typeof intent !== 'object') {
      return { error: { type: 'api_error', message: TEXT.badAnswer } };
    }
    if (needsAction(intent)) {
      const success = await askBank();
      const next = await call('POST', kind.authenticate, { clientSecret, success });
      if (next.error) return { error: next.error };
      intent = next[kind.key];
      if (!intent || typeof intent !== 'object') {
        return { error: { type: 'api_error', message: TEXT.badAnswer } };
      }
    }
    if (intent.status === 'requires_payment_method') {
      const error = {
        type: 'card_error',
        code: kind.failure,
        message: TEXT.notApproved,
      };
      error[kind.key === 'paymentIntent' ? 'payment_intent' : 'setup_intent'] = intent;
      return { error };
    }
    const result = {};
    result[kind.key] = intent;
    return result;
  }

  function redirectTo(kind, returnUrl, intent, clientSecret) {
    const status = kind.okStatuses.includes(intent.status)
      ? 'succeeded'
      : intent.status === 'processing'
        ? 'processing'
        : 'failed';
    const hashAt = returnUrl.indexOf('#');
    const base = hashAt >= 0 ? returnUrl.slice(0, hashAt) : returnUrl;
    const hash = hashAt >= 0 ? returnUrl.slice(hashAt) : '';
    const url =
      base +
      (base.indexOf('?') >= 0 ? '&' : '?') +
      kind.param +
      '=' +
      encodeURIComponent(intent.id || '') +
      '&' +
      kind.param +
      '_client_secret=' +
      encodeURIComponent(intent.client_secret || clientSecret) +
      '&redirect_status=' +
      status +
      hash;
    window.location.assign(url);
    return new Promise(() => {});
  }

  async function confirmWith(kind, options) {
    const opts = options || {};
    const elements = opts.elements instanceof FakeElements ? opts.elements : null;
    const clientSecret = opts.clientSecret || (elements && elements._clientSecret);
    if (!clientSecret) {
      return {
        error: { type: 'invalid_request_error', code: 'missing_client_secret', message: TEXT.noClientSecret },
      };
    }
    const returnUrl = opts.confirmParams && opts.confirmParams.return_url;
    const redirect = opts.redirect === 'if_required' ? 'if_required' : 'always';
    if (redirect === 'always' && !returnUrl) {
      return { error: { type: 'invalid_request_error', code: 'missing_return_url', message: TEXT.noReturnUrl } };
    }
    const element = elements && elements._cardElement();
    if (!element || !element._root || !element._validate()) {
      return { error: { type: 'validation_error', message: TEXT.incomplete } };
    }
    const card = element._card();
    const answer = await call('POST', kind.confirm, {
      clientSecret,
      number: card.number,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cvc: card.cvc,
    });
    const result = await settle(kind, clientSecret, answer);
    if (result.error || redirect === 'if_required') return result;
    return redirectTo(kind, returnUrl, result[kind.key], clientSecret);
  }

  /** confirmCardPayment/confirmCardSetup(clientSecret, {payment_method: {card: element}}). */
  async function confirmCardWith(kind, clientSecret, data) {
    const pm = data && data.payment_method;
    const element = pm && pm.card instanceof FakeElement ? pm.card : null;
    if (!clientSecret) {
      return {
        error: { type: 'invalid_request_error', code: 'missing_client_secret', message: TEXT.noClientSecret },
      };
    }
    if (!element) {
      if (pm === undefined) return handleNext(kind, clientSecret);
      // A saved card (its PaymentMethod id) pays a PaymentIntent.
      if (typeof pm === 'string' && kind === KINDS.payment) {
        const answer = await call('POST', '/confirm-saved', { clientSecret, paymentMethod: pm });
        return settle(kind, clientSecret, answer);
      }
      return unsupported();
    }
    if (!element._root || !element._validate()) {
      return { error: { type: 'validation_error', message: TEXT.incomplete } };
    }
    const card = element._card();
    const answer = await call('POST', kind.confirm, {
      clientSecret,
      number: card.number,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cvc: card.cvc,
    });
    return settle(kind, clientSecret, answer);
  }

  function retrieve(kind, clientSecret) {
    return call('GET', kind.retrieve + '?clientSecret=' + encodeURIComponent(clientSecret || '')).then(
      (answer) => {
        if (answer.error) return { error: answer.error };
        const result = {};
        result[kind.key] = answer[kind.key];
        return result;
      },
    );
  }

  /** 3-D Secure for an intent that is already waiting for it (handleNextAction). */
  async function handleNext(kind, clientSecret) {
    const answer = await retrieve(kind, clientSecret);
    if (answer.error || !needsAction(answer[kind.key])) return answer;
    return settle(kind, clientSecret, answer);
  }

  function secretKind(clientSecret) {
    return /^seti_/.test(String(clientSecret || '')) ? KINDS.setup : KINDS.payment;
  }

  // ---------------------------------------------------------------- window.Stripe

  function Stripe(publishableKey, options) {
    const stripe = {
      _tribuneFake: true,
      _publishableKey: publishableKey,
      _options: Object.assign({}, options || {}),

      _registerWrapper() {},
      registerAppInfo() {},

      elements(elementsOptions) {
        return new FakeElements(elementsOptions);
      },

      confirmPayment(opts) {
        return confirmWith(KINDS.payment, opts);
      },
      confirmSetup(opts) {
        return confirmWith(KINDS.setup, opts);
      },
      confirmCardPayment(clientSecret, data) {
        return confirmCardWith(KINDS.payment, clientSecret, data);
      },
      confirmCardSetup(clientSecret, data) {
        return confirmCardWith(KINDS.setup, clientSecret, data);
      },
      retrievePaymentIntent(clientSecret) {
        return retrieve(KINDS.payment, clientSecret);
      },
      retrieveSetupIntent(clientSecret) {
        return retrieve(KINDS.setup, clientSecret);
      },
      handleNextAction(opts) {
        const secret = opts && opts.clientSecret;
        return handleNext(secretKind(secret), secret);
      },
      handleCardAction(clientSecret) {
        return handleNext(KINDS.payment, clientSecret);
      },

      createToken: unsupported,
      createPaymentMethod: unsupported,
      createConfirmationToken: unsupported,
      createSource: unsupported,
      createRadarSession: unsupported,
      paymentRequest(requestOptions) {
        const request = new Emitter();
        request._options = requestOptions;
        request.canMakePayment = () => Promise.resolve(null);
        request.show = () => {};
        request.abort = () => {};
        request.update = () => {};
        request.isShowing = () => false;
        return request;
      },
    };
    for (const name of [
      'confirmAcssDebitPayment',
      'confirmAcssDebitSetup',
      'confirmAffirmPayment',
      'confirmAfterpayClearpayPayment',
      'confirmAlipayPayment',
      'confirmAmazonPaySetup',
      'confirmAuBecsDebitPayment',
      'confirmAuBecsDebitSetup',
      'confirmBacsDebitSetup',
      'confirmBancontactPayment',
      'confirmBancontactSetup',
      'confirmBilliePayment',
      'confirmBlikPayment',
      'confirmBlikSetup',
      'confirmBoletoPayment',
      'confirmCashappPayment',
      'confirmCashappSetup',
      'confirmCustomerBalancePayment',
      'confirmEpsPayment',
      'confirmFpxPayment',
      'confirmGiropayPayment',
      'confirmGrabPayPayment',
      'confirmIdealPayment',
      'confirmIdealSetup',
      'confirmKlarnaPayment',
      'confirmKonbiniPayment',
      'confirmMobilepayPayment',
      'confirmMultibancoPayment',
      'confirmOxxoPayment',
      'confirmPayByBankPayment',
      'confirmPayNowPayment',
      'confirmPayPalPayment',
      'confirmPayPalSetup',
      'confirmPixPayment',
      'confirmPromptPayPayment',
      'confirmSepaDebitPayment',
      'confirmSepaDebitSetup',
      'confirmSofortPayment',
      'confirmSofortSetup',
      'confirmTwintPayment',
      'confirmUsBankAccountPayment',
      'confirmUsBankAccountSetup',
      'confirmWechatPayPayment',
      'createEphemeralKeyNonce',
      'initializePricing',
      'collectBankAccountForPayment',
      'collectBankAccountForSetup',
      'collectBankAccountToken',
      'collectFinancialConnectionsAccounts',
      'verifyMicrodepositsForPayment',
      'verifyMicrodepositsForSetup',
      'verifyIdentity',
      'initCheckout',
      'initCheckoutElementsSdk',
      'initCheckoutFormSdk',
      'initEmbeddedCheckout',
      'createEmbeddedCheckoutPage',
      'processOrder',
      'retrieveOrder',
    ]) {
      stripe[name] = unsupported;
    }
    return stripe;
  }

  Stripe.version = RELEASE_TRAIN;
  Stripe._tribuneFake = true;
  window.Stripe = Stripe;
})();
