/**
 * The filtered list, in place of the prerendered one: a page of cards at a
 * time (the first row's first), "found N", "show more", and when nothing is
 * found, "clear the filters".
 */
import type { Lang } from '#contract/schemas.ts';
import { cardOrder, MergedAnswers } from '../rules/order.ts';
import type { SortField } from '../rules/sorts.ts';
import { fillCard } from '../../../shared/ui/fill-card.ts';
import type { Latest, Step } from './latest.ts';
import { readCard, type PagefindAnswer, type PagefindData } from './pagefind.ts';
import type { ListingText } from './text.ts';

/** Cards drawn at a time (the static pages' size), the first row's first. */
const PAGE = 24;
const FIRST_ROW = 6;

interface Hooks {
  lang: Lang;
  text: ListingText;
  runs: Latest;
  /** Whether anything narrows the list (the empty list then offers to clear it). */
  filtered(): boolean;
  clear(): void;
}

export class ListingResults {
  private readonly staticList: HTMLElement;
  private readonly hooks: Hooks;
  private element: HTMLElement | null = null;
  private answer = new MergedAnswers<PagefindData>([], {}, () => null);
  private shown = PAGE;

  constructor(staticList: HTMLElement, hooks: Hooks) {
    this.staticList = staticList;
    this.hooks = hooks;
  }

  /** How many products the latest answer holds. */
  get total(): number {
    return this.answer.total;
  }

  /** The list the shopper sees: the filtered one, or the prerendered one. */
  get shownList(): HTMLElement {
    return this.element && !this.element.hidden ? this.element : this.staticList;
  }

  /** A new answer: each index part's sorted results, merged; the list starts again at its first page. */
  answerWith(parts: (PagefindAnswer | null)[], sort: Partial<Record<SortField, 'asc' | 'desc'>>): void {
    this.answer = new MergedAnswers(
      parts.map((answer) => answer?.results ?? []),
      sort,
      (data, field) => cardOrder(readCard(data)?.order, field),
    );
    this.shown = PAGE;
  }

  showStatic(): void {
    this.staticList.hidden = false;
    if (this.element) this.element.hidden = true;
    this.measureChoice();
  }

  /** The list in two steps: the first row's cards as soon as their fragments come, then the rest of the page. */
  async show(step: Step): Promise<void> {
    const results = this.ensure();
    results.setAttribute('aria-busy', 'true');
    const first = await step(this.cards(0, Math.min(FIRST_ROW, this.shown)));
    const list = results.querySelector('ul')!;
    list.replaceChildren(...first);
    this.paint();
    this.staticList.hidden = true;
    results.hidden = false;
    this.measureChoice();
    const rest = await step(this.cards(FIRST_ROW, this.shown));
    list.append(...rest);
    results.removeAttribute('aria-busy');
  }

  private ensure(): HTMLElement {
    if (this.element) return this.element;
    const { text } = this.hooks;
    const results = document.createElement('section');
    results.className = 'listing-results';
    results.dataset['listingResults'] = '';
    results.setAttribute('aria-label', text('results'));
    results.innerHTML = '<p class="listing-found" role="status"></p><ul class="grid"></ul>';
    const more = button('btn btn-ghost listing-more', text('more'));
    more.addEventListener('click', () => void this.showMore());
    const clear = button('btn btn-ghost listing-clear', text('clear'));
    clear.addEventListener('click', () => this.hooks.clear());
    const empty = document.createElement('p');
    empty.className = 'listing-empty';
    empty.textContent = text('empty');
    results.append(more, empty, clear);
    this.staticList.after(results);
    this.element = results;
    return results;
  }

  /** The time from the shopper's choice to its first result shown (tests/e2e/perf/listing.spec.ts, the e2e specs). */
  private measureChoice(): void {
    if (performance.getEntriesByName('listing-choice').length === 0) return;
    const measure = performance.measure('listing-result', 'listing-choice');
    performance.clearMarks('listing-choice');
    this.element?.setAttribute('data-result-ms', measure.duration.toFixed(0));
  }

  private paint(): void {
    const results = this.element!;
    const total = this.total;
    results.querySelector('.listing-found')!.textContent = this.hooks.text('found', { count: total });
    results.querySelector<HTMLElement>('.listing-more')!.hidden = this.shown >= total;
    results.querySelector<HTMLElement>('.listing-empty')!.hidden = total > 0;
    results.querySelector<HTMLElement>('.listing-clear')!.hidden = total > 0 || !this.hooks.filtered();
  }

  private showMore(): Promise<void> {
    return this.hooks.runs.resume(async (step) => {
      const from = this.shown;
      this.shown += PAGE;
      const cards = await step(this.cards(from, this.shown));
      this.element!.querySelector('ul')!.append(...cards);
      this.paint();
      cards[0]?.querySelector<HTMLElement>('a')?.focus();
    });
  }

  /** Cards of answers [from, to): each page's card meta (one small fragment each), into copies of the page's card. */
  private async cards(from: number, to: number): Promise<HTMLElement[]> {
    const template = document.querySelector<HTMLTemplateElement>('template[data-card-template]')!;
    const data = await this.answer.slice(from, to);
    return data.flatMap((page) => {
      const card = readCard(page);
      return card ? [fillCard(template, card, this.hooks.lang)] : [];
    });
  }
}

function button(className: string, text: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  return element;
}
