import {
  acceptedBrandNames, caretAfterDigits, cardMessage, evaluateCardNumber, formatCardNumber, isStillTyping, parseFrameParams,
  KEY_FAILED_MESSAGE, NO_PARENT_MESSAGE, REQUIRED_MESSAGE, type CardFrameMessage, type Evaluation,
} from './frame-logic';

export type FrameDeps = {
  doc: Document;
  /** location.search of the frame. */
  search: string;
  /** window.parent.postMessage; targetOrigin is always the exact `parent` origin. */
  post: (message: CardFrameMessage, targetOrigin: string) => void;
  /** The server's public key (imported, encrypt only). */
  loadKey: () => Promise<CryptoKey>;
  subtle?: SubtleCrypto;
  /** The frame's window, for focus hand-over from the parent; optional in tests. */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
};

export type FrameController = { dispose: () => void };

function el<T extends HTMLElement>(doc: Document, id: string): T {
  const node = doc.getElementById(id);
  if (!node) throw new Error(`#${id} missing from the card frame page`);
  return node as T;
}

/**
 * Wires the card-number field: formats and shows the brand while typing, says what is wrong
 * (role=alert), and posts the encrypted card to the parent once the number is complete and valid.
 * A number that stops being valid posts 'card-frame:invalid' so the parent drops the stale card.
 */
export function startCardFrame(deps: FrameDeps): FrameController {
  const { doc, post } = deps;
  const input = el<HTMLInputElement>(doc, 'card-number');
  const brandEl = el<HTMLElement>(doc, 'card-brand');
  const errorEl = el<HTMLElement>(doc, 'card-error');
  const hintEl = el<HTMLElement>(doc, 'card-hint');
  const brandStatusEl = el<HTMLElement>(doc, 'card-brand-status');
  const { parentOrigin, accepted, optional, font } = parseFrameParams(deps.search);
  // The partner's font (issue 13): a custom property the stylesheet reads, set through the CSSOM.
  if (font) doc.documentElement.style.setProperty('--partner-font', font);
  if (optional) {
    input.removeAttribute('aria-required');
    doc.querySelector('.required')?.remove();
  }

  const names = acceptedBrandNames(accepted).map((b) => `${b}®`);
  hintEl.textContent = `We accept ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]}.`;

  const showError = (message: string | null) => {
    errorEl.textContent = message ?? '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  if (!parentOrigin) {
    // Without an exact parent origin there is nobody we may safely talk to.
    input.disabled = true;
    showError(NO_PARENT_MESSAGE);
    return { dispose: () => undefined };
  }
  const target = parentOrigin;
  const send = (message: CardFrameMessage) => post(message, target);

  /**
   * What the parent was last told about the number: nothing usable, a card on its way ('pending':
   * the parent waits for it on submit), or a card. A change from 'pending' or 'card' tells it to
   * drop it.
   */
  let told: 'nothing' | 'pending' | 'card' = 'nothing';
  let keyPromise: Promise<CryptoKey> | null = null;
  const key = () => (keyPromise ??= deps.loadKey());
  let keyFailed = false;
  key().catch(() => {
    keyFailed = true;
    told = 'nothing';
    input.disabled = true;
    showError(KEY_FAILED_MESSAGE);
    send({ type: 'card-frame:invalid', message: KEY_FAILED_MESSAGE });
  });

  /** Bumped on every change, so an encryption that finishes late never posts an old number. */
  let seq = 0;
  /** The value whose card has been posted or is being encrypted; compared only to skip re-encrypting on blur. */
  let postedFor: string | null = null;
  /** After a blur showed a problem, the message follows the value while typing (revalidate on change). */
  let errorsVisible = false;

  const showBrand = (ev: Evaluation) => {
    const text = ev.brand ?? '';
    if (brandEl.textContent === text) return;
    brandEl.textContent = text;
    brandEl.hidden = !ev.brand;
    // Read out once per change of brand, not on every digit.
    brandStatusEl.textContent = ev.brand ? `Card type: ${ev.brand}` : '';
    if (ev.brand) brandEl.dataset.brand = ev.brand.toLowerCase();
    else delete brandEl.dataset.brand;
  };

  const dropCard = (message: string) => {
    seq++;
    postedFor = null;
    if (told !== 'nothing') {
      told = 'nothing';
      send({ type: 'card-frame:invalid', message });
    }
  };

  const postCard = async (ev: Extract<Evaluation, { state: 'valid' }>, value: string) => {
    if (postedFor === value && told !== 'nothing') return;
    const mine = ++seq;
    // The key may still be on its way (a slow network): the parent learns at once that a card
    // follows, so a submit in the meantime waits for it rather than calling the field empty.
    postedFor = value;
    told = 'pending';
    send({ type: 'card-frame:pending' });
    try {
      const message = await cardMessage(await key(), ev, deps.subtle);
      if (mine !== seq || keyFailed) return;
      told = 'card';
      send(message);
    } catch {
      if (mine !== seq || keyFailed) return;
      postedFor = null;
      told = 'nothing';
      showError(KEY_FAILED_MESSAGE);
      send({ type: 'card-frame:invalid', message: KEY_FAILED_MESSAGE });
    }
  };

  const onInput = () => {
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
    const formatted = formatCardNumber(raw);
    if (formatted !== raw) {
      input.value = formatted;
      const pos = caretAfterDigits(formatted, digitsBefore);
      if (doc.activeElement === input) input.setSelectionRange(pos, pos);
    }
    const ev = evaluateCardNumber(formatted, accepted);
    showBrand(ev);
    if (ev.state === 'valid') {
      showError(null);
      errorsVisible = false;
      void postCard(ev, formatted);
      return;
    }
    const message = ev.state === 'empty' ? REQUIRED_MESSAGE : ev.message;
    dropCard(message);
    if (ev.state === 'refused' || (ev.state === 'incomplete' && !isStillTyping(formatted))) {
      errorsVisible = true;
      showError(message);
    } else if (errorsVisible) {
      showError(ev.state === 'empty' && optional ? null : message);
    }
  };

  const onBlur = () => {
    if (keyFailed) return;
    const ev = evaluateCardNumber(input.value, accepted);
    if (ev.state === 'valid') {
      void postCard(ev, input.value);
      return;
    }
    const message = ev.state === 'empty' ? REQUIRED_MESSAGE : ev.message;
    errorsVisible = true;
    showError(ev.state === 'empty' && optional ? null : message);
    // The parent learns the number is not usable (it clears any card it still holds).
    seq++;
    postedFor = null;
    told = 'nothing';
    send({ type: 'card-frame:invalid', message });
  };

  // Focus handed over from the parent (iframe.focus() after a failed submit) lands in the field.
  const onWindowFocus = () => {
    if (doc.activeElement !== input && !input.disabled) input.focus();
  };

  input.addEventListener('input', onInput);
  input.addEventListener('blur', onBlur);
  deps.win?.addEventListener('focus', onWindowFocus);

  let lastHeight = -1;
  const reportHeight = () => {
    // The body's own height: the document's scrollHeight never drops below the iframe's current height.
    const height = Math.ceil(doc.body.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    send({ type: 'card-frame:height', height });
  };
  const ResizeObserverCtor = (doc.defaultView as (Window & typeof globalThis) | null)?.ResizeObserver;
  const observer = ResizeObserverCtor ? new ResizeObserverCtor(reportHeight) : null;
  observer?.observe(doc.body);
  const mutation = new (doc.defaultView?.MutationObserver ?? MutationObserver)(reportHeight);
  mutation.observe(errorEl, { childList: true, characterData: true, subtree: true });

  // The field is on the page before this script runs: a number typed (or filled in by the browser)
  // in the meantime fired no event here. It is taken now, as if just typed, and checked as on
  // leaving the field if the person has already left it; 'ready' says whether a card follows, so
  // a submit made meanwhile waits for it.
  const typedEarly = input.value !== '';
  const follows = typedEarly && evaluateCardNumber(input.value, accepted).state === 'valid';
  send(follows ? { type: 'card-frame:ready', numberFollows: true } : { type: 'card-frame:ready' });
  reportHeight();
  if (typedEarly) {
    onInput();
    if (doc.activeElement !== input) onBlur();
  }

  return {
    dispose: () => {
      seq++;
      input.removeEventListener('input', onInput);
      input.removeEventListener('blur', onBlur);
      deps.win?.removeEventListener('focus', onWindowFocus);
      observer?.disconnect();
      mutation.disconnect();
    },
  };
}
