import { formatAmount, formatDateTime } from '@/lib/format';
import { ApiError, apiGet, apiPost } from './api';
import { currentLocale } from './locale';

/**
 * The registration block of an event's page (`components/events/EventRegistration.astro`), over
 * its server-rendered markup: no React, so the public page stays within its phone budget. A
 * visitor sees the live seats (`GET amsw0306/seats`) and the ways to sign in or up; a signed-in
 * individual sees their own price (`GET amsw0306`) and registers in the form's steps: the ticket
 * type, the answers asked, the price confirmed, then the outcome in words with where to go next.
 * A refusal is said in the server's words; a changed price is shown and asked to be confirmed again.
 */

type Phase = 'notYetOpen' | 'open' | 'closed';

interface SeatState {
  ticketTypeId: number;
  seatsLeft: number;
  waiting: number;
}

interface MyOption extends SeatState {
  name: string;
  price: number;
  priceTier: 'member' | 'webUser';
  early: boolean;
  registered: boolean;
}

interface MyOptions {
  open: boolean;
  opensAt: string;
  ticketTypes: MyOption[];
}

interface Seats {
  phase: Phase;
  ticketTypes: SeatState[];
}

interface Registration {
  number: string;
  state: 'awaitingApproval' | 'awaitingPayment' | 'confirmed' | 'waiting';
  price: number;
  payBy: string | null;
  waitingPosition: number | null;
  ticketToken: string | null;
}

type Texts = Record<string, string>;

/** A text with its `{{name}}` places filled. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A 統一編號 as the form takes it: empty, or eight digits. */
export function businessNoOk(value: string): boolean {
  return /^(\d{8})?$/.test(value.trim());
}

/** Starts every registration block of the page once (the page may be shown again by the client router). */
export function initEventRegistration(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>('[data-event-registration]')) {
    if (block.dataset.ready) continue;
    block.dataset.ready = 'true';
    void new RegistrationBlock(block).start();
  }
}

class RegistrationBlock {
  private readonly eventId: number;
  private readonly texts: Texts;
  private readonly paths: { ticket: string; pay: string; mine: string };
  private readonly locale = currentLocale();
  private readonly form: HTMLFormElement;
  private readonly error: HTMLElement;
  private readonly steps: HTMLFieldSetElement[];
  private options: MyOption[] = [];
  private step = 0;
  private busy = false;

  constructor(private readonly block: HTMLElement) {
    this.eventId = Number(block.dataset.eventId);
    this.texts = JSON.parse(block.dataset.texts ?? '{}') as Texts;
    this.paths = JSON.parse(block.dataset.paths ?? '{}') as RegistrationBlock['paths'];
    this.form = block.querySelector<HTMLFormElement>('[data-reg-form]')!;
    this.error = block.querySelector<HTMLElement>('[data-reg-error]')!;
    this.steps = [...this.form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-step]')];
  }

  private text(key: string, values?: Record<string, string | number>): string {
    return fill(this.texts[key] ?? key, values);
  }

  private money(amount: number): string {
    return amount === 0 ? this.text('free') : this.text('money', { amount: formatAmount(amount) });
  }

  private part<T extends HTMLElement = HTMLElement>(selector: string): T | null {
    return this.block.querySelector<T>(selector);
  }

  async start(): Promise<void> {
    // Who reads: the server's word (a signed-in reader's page is never cached).
    const who = this.block.dataset.reader;
    if (who === 'individual' && (await this.startSignedIn())) return;
    if (who === 'organ') {
      this.part('[data-reg-visitor]')!.hidden = true;
      this.part('[data-reg-organ]')!.hidden = false;
    }
    await this.showPublicSeats();
  }

  /** The seats as anyone sees them. */
  private async showPublicSeats(): Promise<void> {
    try {
      const seats = await apiGet<Seats>('/api/amsw0306/seats', {
        query: { eventId: this.eventId },
        suppressErrorToast: true,
      });
      this.showSeats(seats.phase, seats.ticketTypes, null);
    } catch {
      for (const line of this.block.querySelectorAll<HTMLElement>('[data-seats]'))
        line.textContent = this.text('unavailable');
    }
  }

  private showSeats(phase: Phase, types: SeatState[], opensAt: string | null): void {
    const opens = opensAt ?? this.block.dataset.opensAt ?? '';
    for (const type of types) {
      const line = this.part(`[data-seats="${type.ticketTypeId}"]`);
      if (!line) continue;
      line.textContent =
        phase === 'notYetOpen'
          ? this.text('notYetOpen', { date: opens ? formatDateTime(opens, this.locale) : '' })
          : phase === 'closed'
            ? this.text('closed')
            : type.seatsLeft > 0
              ? this.text('seatsLeft', { count: type.seatsLeft })
              : this.text('full', { count: type.waiting });
    }
  }

  /** A signed-in individual: their own price and the form; false when the session turns out to be gone. */
  private async startSignedIn(): Promise<boolean> {
    const phase = await this.readOptions();
    // The session ended since the page was drawn, or the options could not be read: the visitor's way.
    if (phase === null) return false;
    this.part('[data-reg-visitor]')!.hidden = true;
    if (phase !== 'open') return true;
    this.drawOptions();
    this.form.hidden = false;
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.step < this.steps.length - 1) this.next();
      else void this.submit();
    });
    for (const button of this.form.querySelectorAll('[data-next]')) button.addEventListener('click', () => this.next());
    for (const button of this.form.querySelectorAll('[data-back]'))
      button.addEventListener('click', () => this.show(this.step - 1));
    this.show(0, false);
    return true;
  }

  /** The reader's options (their price, the seats): shown, and the phase answered; null when they cannot be read. */
  private async readOptions(): Promise<Phase | null> {
    let mine: MyOptions;
    try {
      mine = await apiGet<MyOptions>('/api/amsw0306', { query: { eventId: this.eventId }, suppressErrorToast: true });
    } catch {
      return null;
    }
    this.options = mine.ticketTypes;
    const phase: Phase = mine.open ? 'open' : Date.now() < Date.parse(mine.opensAt) ? 'notYetOpen' : 'closed';
    this.showSeats(phase, mine.ticketTypes, mine.opensAt);
    return phase;
  }

  /** Each ticket type's line: the reader's price, and whether they would wait or hold one already. */
  private drawOptions(): void {
    for (const option of this.options) {
      const tier = this.text(option.priceTier === 'member' ? 'memberTier' : 'webUserTier');
      this.part(`[data-my-price="${option.ticketTypeId}"]`)!.textContent = this.text('yourPrice', {
        price: this.money(option.price),
        tier: option.early ? this.text('earlyTier', { tier }) : tier,
      });
      this.part(`[data-my-note="${option.ticketTypeId}"]`)!.textContent = option.registered
        ? this.text('registered')
        : option.seatsLeft > 0
          ? ''
          : this.text('joinWaiting');
      const radio = this.form.querySelector<HTMLInputElement>(
        `input[name="ticketTypeId"][value="${option.ticketTypeId}"]`,
      );
      if (radio) radio.disabled = option.registered;
    }
  }

  private chosen(): MyOption | undefined {
    const value = this.form.querySelector<HTMLInputElement>('input[name="ticketTypeId"]:checked')?.value;
    return this.options.find((o) => String(o.ticketTypeId) === value);
  }

  private say(message: string | null): void {
    this.error.textContent = message ?? '';
    this.error.hidden = !message;
  }

  private show(step: number, focus = true): void {
    this.step = Math.max(0, Math.min(step, this.steps.length - 1));
    for (const [i, fieldset] of this.steps.entries()) fieldset.hidden = i !== this.step;
    if (this.step === this.steps.length - 1) this.drawConfirm();
    if (focus) this.steps[this.step]!.querySelector<HTMLElement>('legend')?.focus();
  }

  private next(): void {
    this.say(null);
    if (this.step === 0 && !this.chosen()) {
      this.say(this.text('chooseFirst'));
      this.form.querySelector<HTMLInputElement>('input[name="ticketTypeId"]:not(:disabled)')?.focus();
      return;
    }
    if (this.steps.length === 3 && this.step === 1 && !this.answersOk()) return;
    this.show(this.step + 1);
  }

  private answerFields(): (HTMLInputElement | HTMLTextAreaElement)[] {
    return [...this.form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id^="reg-"], textarea')];
  }

  /** The answers step: required ones given, a 統一編號 of eight digits; the first wrong field takes the focus. */
  private answersOk(): boolean {
    const wrong: { field: HTMLInputElement | HTMLTextAreaElement; message: string }[] = [];
    for (const field of this.answerFields()) {
      const label = this.form.querySelector(`label[for="${field.id}"]`)?.firstChild?.textContent?.trim() ?? field.name;
      const value = field.value.trim();
      if (field.required && value === '') wrong.push({ field, message: this.text('missing', { field: label }) });
      else if (field.name === 'businessNo' && !businessNoOk(value))
        wrong.push({ field, message: this.text('businessNoInvalid') });
      field.setAttribute('aria-invalid', String(wrong.some((w) => w.field === field)));
    }
    if (wrong.length === 0) return true;
    this.say(wrong.map((w) => w.message).join(' '));
    wrong[0]!.field.focus();
    return false;
  }

  private drawConfirm(): void {
    const option = this.chosen();
    if (!option) return;
    const waits = option.seatsLeft <= 0;
    this.part('[data-confirm-type]')!.textContent = option.name;
    const price = this.money(option.price);
    this.part('[data-confirm-price]')!.textContent = option.early ? this.text('confirmEarly', { price }) : price;
    this.part('[data-confirm-note]')!.textContent = this.text(
      waits
        ? 'waitingNote'
        : this.block.dataset.needsApproval === 'true'
          ? 'approvalNote'
          : option.price === 0
            ? 'freeNote'
            : 'payNote',
    );
    this.part('[data-submit]')!.textContent = this.text(waits ? 'submitWaiting' : 'submit');
  }

  private answers(): Record<string, string> {
    const answers: Record<string, string> = {};
    for (const field of this.answerFields()) if (field.value.trim()) answers[field.name] = field.value.trim();
    return answers;
  }

  /** Sends the registration once however often the button is pressed; the outcome or the refusal in words. */
  private async submit(): Promise<void> {
    const option = this.chosen();
    if (this.busy || !option) return;
    this.busy = true;
    const button = this.part<HTMLButtonElement>('[data-submit]')!;
    const label = button.textContent;
    button.disabled = true;
    button.textContent = this.text('sending');
    this.say(null);
    try {
      const registration = await apiPost<Registration>(
        '/api/amsw0306/register',
        {
          eventId: this.eventId,
          ticketTypeId: option.ticketTypeId,
          expectedPrice: option.price,
          answers: this.answers(),
        },
        { suppressErrorToast: true },
      );
      this.showOutcome(registration);
    } catch (error) {
      button.textContent = label;
      this.refused(error, option);
    } finally {
      this.busy = false;
      button.disabled = false;
    }
  }

  private refused(error: unknown, option: MyOption): void {
    if (!(error instanceof ApiError) || error.code === null) {
      this.say(this.text('failed'));
      return;
    }
    const data = (error.data ?? {}) as { reason?: string; price?: number; fields?: string[] };
    if (data.reason === 'priceChanged' && typeof data.price === 'number') {
      // The server's price from now on: shown, and confirmed again before it is sent.
      option.price = data.price;
      option.early = false;
      this.drawOptions();
      this.drawConfirm();
      this.say(error.message);
      this.part<HTMLElement>('[data-confirm-price]')?.focus();
      return;
    }
    if (data.reason === 'answerRequired' && this.steps.length === 3) {
      this.show(1);
      this.answersOk();
      this.say(error.message);
      return;
    }
    this.say(error.message || this.text('failed'));
  }

  private showOutcome(reg: Registration): void {
    this.form.hidden = true;
    const result = this.part('[data-reg-result]')!;
    result.replaceChildren();
    const line = document.createElement('p');
    line.className = 'font-medium';
    line.textContent =
      reg.state === 'awaitingPayment'
        ? this.text('awaitingPayment', {
            number: reg.number,
            price: this.money(reg.price),
            date: reg.payBy ? formatDateTime(reg.payBy, this.locale) : '',
          })
        : reg.state === 'waiting'
          ? this.text('waiting', { number: reg.number, position: reg.waitingPosition ?? '' })
          : this.text(reg.state, { number: reg.number });
    const links = document.createElement('p');
    links.className = 'flex flex-wrap gap-2';
    const link = (href: string, key: string, primary: boolean) => {
      const a = document.createElement('a');
      a.href = href;
      a.className = `btn btn-sm ${primary ? 'btn-primary' : 'btn-outline'}`;
      a.textContent = this.text(key);
      links.append(a);
    };
    if (reg.state === 'confirmed' && reg.ticketToken) link(this.paths.ticket + reg.ticketToken, 'ticket', true);
    if (reg.state === 'awaitingPayment') link(this.paths.pay, 'pay', true);
    link(this.paths.mine, 'mine', false);
    result.append(line, links);
    result.hidden = false;
    result.focus();
    // The seats as they are now, this registration counted.
    void this.readOptions();
  }
}
