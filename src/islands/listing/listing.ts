/**
 * Listing filters and sort, loaded when the shopper opens
 * the sort box or the filters (start.ts): Pagefind's index of the page's
 * language answers every choice in the browser (no API call), from the
 * filters and sorts product pages carry (src/lib/listing-facets.ts). The
 * filtered list replaces the prerendered one in place; the choice is in the
 * address (pushState), so it can be shared and back and forward restore it.
 *
 * Desktop: the filters are a side panel beside the list (a non-modal
 * <dialog>); a phone: a sheet (a modal <dialog>) with "show N products".
 */
import type { Lang } from '#contract/schemas.ts';
import { formatMessage } from '../../i18n/format.ts';
import { switchLangPath } from '../../i18n/urls.ts';
import {
  combine,
  facetGroups,
  loadKeys,
  MONTHLY_GROUP,
  STOCK_GROUP,
  stateClauses,
  valueIndex,
  type Counts,
  type FacetGroup,
  type Group,
  type PagefindFilter,
  type ValueIndex,
} from '../../lib/listing-filters.ts';
import { monthlyOptions, type MonthlyOption } from '../../lib/listing-monthly.ts';
import { pagefindSort, SORTS, type SortKey } from '../../lib/listing-sorts.ts';
import {
  activeCount,
  isDefaultState,
  isFiltered,
  knownFacets,
  listingQuery,
  parseListingQuery,
  toggleToken,
  EMPTY_STATE,
  type ListingState,
} from '../../lib/listing-state.ts';
import { FILTER_KEYS, filterKeyOf, YES, type NamedFacet } from '../../lib/listing-values.ts';
import type { ListingCard } from '../../lib/listing-facets.ts';
import { cardOrder, MergedAnswers } from '../../lib/listing-order.ts';
import { PART_FILTER } from '../../lib/index-parts.ts';
import { loadSearchIndex } from '../shared/index-loader.ts';
import { fillCard } from '../shared/fill-card.ts';
import { formatAmount } from '../../lib/price.ts';
import { loadStylesheets } from '../shared/stylesheet.ts';
import css from './listing.css?url';
import type { LabelKey, Labels } from '../../i18n/messages.ts';

/** A listing label by the word after `listing.`. */
type ListingWord = LabelKey<'listing'> extends `listing.${infer Word}` ? Word : never;

interface Config {
  lang: Lang;
  scope: { facet: NamedFacet; token: string; value: string } | { top: true };
  omit: string[];
  labels: Labels<'listing'>;
}

interface PagefindData {
  url: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  id: string;
  data(): Promise<PagefindData>;
}
interface PagefindAnswer {
  results: PagefindResult[];
  filters: Counts;
}
interface Pagefind {
  search(
    term: string | null,
    options: { filters?: PagefindFilter; sort?: Record<string, 'asc' | 'desc'> },
  ): Promise<PagefindAnswer | null>;
}

/** What a sorted list needs: Pagefind, its parts and the listing's scope (its key's values only). */
interface Index {
  pagefind: Pagefind;
  parts: number[];
  scope: PagefindFilter;
}

/** What filters and counts need besides: the facets' values, loaded after the index. */
interface Facets {
  values: ValueIndex;
  /** Every value the listing's products have. */
  scopeCounts: Counts;
  facets: ReadonlySet<string>;
}

const FACET_KEYS = [
  FILTER_KEYS.category,
  FILTER_KEYS.store,
  FILTER_KEYS.brand,
  FILTER_KEYS.feature,
  FILTER_KEYS.stock,
  FILTER_KEYS.monthly,
];

/** Cards drawn at a time (the static pages' size), the first row's first. */
const PAGE = 24;
const FIRST_ROW = 6;
/** Narrower than this, the filters are a sheet. */
const PHONE = '(max-width: 768px)';
/** A counting search over every group (unsorted). */
const ALL = ':all';

let controller: Controller | null = null;

export function listingController(tools: HTMLElement): Controller {
  controller ??= new Controller(tools);
  return controller;
}

class Controller {
  private readonly config: Config;
  private readonly body: HTMLElement;
  private readonly staticList: HTMLElement;
  private readonly staticPath = location.pathname;
  private readonly filtersButton: HTMLButtonElement;
  private readonly sortBox: HTMLSelectElement;
  private readonly index: Promise<Index | null>;
  private readonly facets: Promise<Facets | null>;
  private facetsLoaded = false;
  private state: ListingState;
  private results: HTMLElement | null = null;
  private panel: HTMLDialogElement | null = null;
  private groups: FacetGroup[] = [];
  private monthly: MonthlyOption[] = [];
  private total = 0;
  private shown = PAGE;
  private answer = new MergedAnswers<PagefindData>([], {}, () => null);
  private run = 0;
  private painted = false;

  private readonly tools: HTMLElement;

  constructor(tools: HTMLElement) {
    this.tools = tools;
    this.config = JSON.parse(tools.dataset['config'] ?? '{}') as Config;
    this.body = document.querySelector<HTMLElement>('[data-listing-body]')!;
    this.staticList = this.body.querySelector<HTMLElement>('[data-listing-static]')!;
    this.filtersButton = tools.querySelector<HTMLButtonElement>('[data-listing-filters]')!;
    this.sortBox = tools.querySelector<HTMLSelectElement>('[data-listing-sort]')!;
    this.state = parseListingQuery(location.search);
    this.index = this.loadIndex();
    this.facets = this.loadFacets();
    this.syncControls();
  }

  private t(word: ListingWord, values: Record<string, string | number> = {}): string {
    return formatMessage(this.config.labels[`listing.${word}`], values);
  }

  private async loadIndex(): Promise<Index | null> {
    try {
      const [index] = await Promise.all([loadSearchIndex<Pagefind>(), loadStylesheets(css)]);
      if (!index) return null;
      const { pagefind, parts } = index;
      const { scope: where } = this.config;
      if ('top' in where) return { pagefind, parts, scope: { [FILTER_KEYS.top]: YES } };
      const key = filterKeyOf(where.facet);
      const scope = { [key]: where.value };
      if ((await pagefind.search(null, { filters: scope }))?.results.length) return { pagefind, parts, scope };
      // Product pages that name the category or store otherwise than the listing: the value by its token.
      const all = await pagefind.search(null, { filters: loadKeys([key]) });
      const value = valueIndex(all?.filters ?? {})
        .get(where.facet)
        ?.get(where.token);
      // An index without the listing's facets (built before them): the prerendered list stays.
      return value ? { pagefind, parts, scope: { [key]: value } } : null;
    } catch {
      return null;
    }
  }

  /**
   * The facets' values, loaded once the index is: Pagefind loads and counts only the keys a search names, so one
   * search over the listing names them all (a sort alone never waits for them).
   */
  private async loadFacets(): Promise<Facets | null> {
    const index = await this.index;
    if (!index) return null;
    try {
      const inScope = await index.pagefind.search(null, { filters: { all: [index.scope, loadKeys(FACET_KEYS)] } });
      const scopeCounts = inScope?.filters ?? {};
      const values = valueIndex(scopeCounts);
      return { values, scopeCounts, facets: new Set(values.keys()) };
    } catch {
      return null;
    } finally {
      this.facetsLoaded = true;
    }
  }

  /** Back, forward, or a page opened with a choice in its address. */
  async restore(): Promise<void> {
    await this.apply(parseListingQuery(location.search), 'none');
  }

  async chooseSort(sort: string): Promise<void> {
    if (!(SORTS as readonly string[]).includes(sort)) return;
    await this.apply({ ...this.state, sort: sort as SortKey }, 'push');
  }

  async openPanel(): Promise<void> {
    const panel = this.ensurePanel();
    this.filtersButton.setAttribute('aria-expanded', 'true');
    if (matchMedia(PHONE).matches) {
      if (!panel.open) panel.showModal();
    } else {
      this.body.classList.add('with-panel');
      if (!panel.open) panel.show();
      panel.querySelector<HTMLElement>('h2')?.focus();
    }
    if (!(await this.facets)) return this.fail();
    // The first opening counts the values (a restored state has counted them already).
    if (!this.painted) await this.apply(this.state, 'none');
  }

  /** Runs a state: the address, the controls, the list and the panel's counts. */
  private async apply(next: ListingState, history: 'push' | 'none'): Promise<void> {
    const run = ++this.run;
    const index = await this.index;
    if (run !== this.run) return;
    if (!index) return this.fail();
    // A choice of values waits for them; a sort, a price or in stock alone does not.
    const facetsFirst = Object.keys(next.facets).length > 0;
    const facets = facetsFirst ? await this.facets : null;
    if (run !== this.run) return;
    // Parameters that name no facet of this listing (utm_..., a colour no product here has) are left out.
    const state = facets ? knownFacets(next, facets.facets) : { ...next, facets: {} };
    this.state = state;
    if (history === 'push') {
      const path = isDefaultState(state) ? location.pathname : location.pathname.replace(/\/page\/\d+\/?$/, '');
      window.history.pushState(null, '', `${path}${listingQuery(state)}${location.hash}`);
    }
    this.syncControls();

    const clauses = stateClauses(state, facets?.values ?? new Map());
    const countedByMain = this.facetsLoaded;
    const sort = pagefindSort(state.sort, 'top' in this.config.scope);
    // Counting needs no order: the list itself is each part's sorted answers, merged (lib/listing-order.ts).
    const search = (without?: Group) =>
      index.pagefind.search(null, { filters: combine(index.scope, clauses, without === ALL ? undefined : without) });
    const sorted = (part: number) =>
      index.pagefind.search(null, {
        filters: { all: [combine(index.scope, clauses), { [PART_FILTER]: String(part) }] },
        sort,
      });
    const showStatic = isDefaultState(state) && location.pathname === this.staticPath;
    const [main, ...parts] = await Promise.all([search(), ...index.parts.map(sorted)]);
    if (run !== this.run) return;
    this.answer = new MergedAnswers(
      parts.map((answer) => answer?.results ?? []),
      sort,
      (data, field) => cardOrder(readCard(data)?.order, field),
    );
    this.total = this.answer.total;
    this.shown = PAGE;
    if (showStatic) {
      this.showStatic();
      this.measureChoice();
    } else await this.showResults(run);
    if (run !== this.run) return;
    // Counts: once the facets' values are loaded (the list's own search counted them only if they were by then).
    const loaded = facets ?? (await this.facets);
    if (run !== this.run || !loaded) return;
    const mainCounts = countedByMain ? (main?.filters ?? {}) : ((await search(ALL))?.filters ?? {});
    // Each chosen group's values count as if it were not chosen (Samsung or Apple: both keep their counts).
    const own = new Map<Group, Counts>();
    await Promise.all([...clauses.keys()].map(async (group) => own.set(group, (await search(group))?.filters ?? {})));
    if (run !== this.run) return;
    const countsFor = (group: Group) => own.get(group) ?? mainCounts;
    this.groups = facetGroups(loaded.scopeCounts, countsFor, this.config.omit, state.facets);
    this.monthly = monthlyOptions(loaded.scopeCounts, countsFor(MONTHLY_GROUP), state.monthly);
    this.paintPanel(countsFor(STOCK_GROUP)[FILTER_KEYS.stock]?.[YES] ?? 0);
  }

  private syncControls(): void {
    this.sortBox.value = this.state.sort;
    const active = activeCount(this.state);
    const badge = this.tools.querySelector<HTMLElement>('[data-listing-badge]');
    if (badge) {
      // Read as "Filtrlar 2 ta tanlangan": the visible "2", then words only a screen reader says.
      badge.hidden = active === 0;
      const [before = '', after = ''] = this.t('filters_active', { count: '\u0000' }).split('\u0000');
      const words = (text: string) =>
        Object.assign(document.createElement('span'), { className: 'sr-only', textContent: text });
      badge.replaceChildren(words(before), String(active), words(after));
    }
    // The other language's link keeps the choice: the URL means the same there.
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-lang-switch]')) {
      const lang = link.dataset['langSwitch'] as Lang;
      link.href = `${switchLangPath(location.pathname, lang)}${location.search}`;
    }
  }

  private showStatic(): void {
    this.staticList.hidden = false;
    if (this.results) this.results.hidden = true;
  }

  private ensureResults(): HTMLElement {
    if (this.results) return this.results;
    const results = document.createElement('section');
    results.className = 'listing-results';
    results.dataset['listingResults'] = '';
    results.setAttribute('aria-label', this.t('results'));
    results.innerHTML = '<p class="listing-found" role="status"></p><ul class="grid"></ul>';
    const more = button('btn btn-ghost listing-more', this.t('more'));
    more.addEventListener('click', () => void this.showMore());
    const clear = button('btn btn-ghost listing-clear', this.t('clear'));
    clear.addEventListener('click', () => this.clear());
    const empty = document.createElement('p');
    empty.className = 'listing-empty';
    empty.textContent = this.t('empty');
    results.append(more, empty, clear);
    this.staticList.after(results);
    this.results = results;
    return results;
  }

  /** The list in two steps: the first row's cards as soon as their fragments come, then the rest of the page. */
  private async showResults(run: number): Promise<void> {
    const results = this.ensureResults();
    results.setAttribute('aria-busy', 'true');
    const first = await this.cards(0, Math.min(FIRST_ROW, this.shown));
    if (run !== this.run) return;
    const list = results.querySelector('ul')!;
    list.replaceChildren(...first);
    this.paintResults();
    this.staticList.hidden = true;
    results.hidden = false;
    this.measureChoice();
    const rest = await this.cards(FIRST_ROW, this.shown);
    if (run !== this.run) return;
    list.append(...rest);
    results.removeAttribute('aria-busy');
  }

  /** The time from the shopper's choice to its first result shown (tests/e2e/perf/listing.spec.ts, the e2e specs). */
  private measureChoice(): void {
    if (performance.getEntriesByName('listing-choice').length === 0) return;
    const measure = performance.measure('listing-result', 'listing-choice');
    performance.clearMarks('listing-choice');
    this.results?.setAttribute('data-result-ms', measure.duration.toFixed(0));
  }

  private paintResults(): void {
    const results = this.results!;
    results.querySelector('.listing-found')!.textContent = this.t('found', { count: this.total });
    results.querySelector<HTMLElement>('.listing-more')!.hidden = this.shown >= this.total;
    results.querySelector<HTMLElement>('.listing-empty')!.hidden = this.total > 0;
    results.querySelector<HTMLElement>('.listing-clear')!.hidden = this.total > 0 || !isFiltered(this.state);
  }

  private async showMore(): Promise<void> {
    const run = this.run;
    const from = this.shown;
    this.shown += PAGE;
    const cards = await this.cards(from, this.shown);
    if (run !== this.run) return;
    this.results!.querySelector('ul')!.append(...cards);
    this.paintResults();
    cards[0]?.querySelector<HTMLElement>('a')?.focus();
  }

  /** Cards of answers [from, to): each page's card meta (one small fragment each), into copies of the page's card. */
  private async cards(from: number, to: number): Promise<HTMLElement[]> {
    const template = document.querySelector<HTMLTemplateElement>('template[data-card-template]')!;
    const data = await this.answer.slice(from, to);
    return data.flatMap((page) => {
      const card = readCard(page);
      return card ? [fillCard(template, card, this.config.lang)] : [];
    });
  }

  private clear(): void {
    performance.mark('listing-choice');
    void this.apply({ ...EMPTY_STATE, sort: this.state.sort }, 'push');
  }

  private choose(next: ListingState): void {
    performance.mark('listing-choice');
    void this.apply(next, 'push');
  }

  private ensurePanel(): HTMLDialogElement {
    if (this.panel) return this.panel;
    const panel = document.createElement('dialog');
    panel.id = 'listing-panel';
    panel.className = 'listing-panel';
    panel.setAttribute('aria-labelledby', 'listing-panel-title');
    panel.innerHTML = `
      <div class="lp-head">
        <h2 id="listing-panel-title" tabindex="-1"></h2>
        <button type="button" class="icon-btn lp-close" data-close>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path>
          </svg>
        </button>
      </div>
      <div class="lp-body">
        <p class="lp-loading" data-loading></p>
        <fieldset class="lp-group lp-price">
          <legend></legend>
          <label><span data-min-label></span> <input type="number" name="min" inputmode="numeric" min="0" step="1000"></label>
          <label><span data-max-label></span> <input type="number" name="max" inputmode="numeric" min="0" step="1000"></label>
        </fieldset>
        <fieldset class="lp-group lp-monthly" hidden>
          <legend></legend>
          <label class="lp-option"><input type="radio" name="monthly" value="" checked> <span data-monthly-any></span></label>
        </fieldset>
        <fieldset class="lp-group lp-stock">
          <legend></legend>
          <label class="lp-option"><input type="checkbox" name="stock"> <span data-stock-label></span> <span class="lp-count" data-stock-count></span></label>
        </fieldset>
        <div data-facets></div>
      </div>
      <div class="lp-foot">
        <button type="button" class="btn btn-ghost" data-clear></button>
        <button type="button" class="btn" data-show></button>
      </div>`;
    panel.querySelector('h2')!.textContent = this.t('filters');
    panel.querySelector('[data-close]')!.setAttribute('aria-label', this.t('close'));
    panel.querySelector('[data-loading]')!.textContent = this.t('loading');
    panel.querySelector('.lp-price legend')!.textContent = this.t('price');
    panel.querySelector('[data-min-label]')!.textContent = this.t('price_min');
    panel.querySelector('[data-max-label]')!.textContent = this.t('price_max');
    panel.querySelector('.lp-monthly legend')!.textContent = this.t('monthly');
    panel.querySelector('[data-monthly-any]')!.textContent = this.t('monthly_any');
    panel.querySelector('.lp-stock legend')!.textContent = this.t('availability');
    panel.querySelector('[data-stock-label]')!.textContent = this.t('stock');
    panel.querySelector('[data-clear]')!.textContent = this.t('clear');

    panel.querySelector('[data-close]')!.addEventListener('click', () => panel.close());
    panel.querySelector('[data-show]')!.addEventListener('click', () => {
      panel.close();
      (this.results && !this.results.hidden ? this.results : this.staticList).scrollIntoView({ block: 'start' });
    });
    panel.querySelector('[data-clear]')!.addEventListener('click', () => this.clear());
    panel.addEventListener('keydown', (event) => {
      // A non-modal dialog (the desktop panel) does not close on Escape by itself.
      if (event.key === 'Escape' && !matchMedia(PHONE).matches) panel.close();
    });
    panel.addEventListener('close', () => {
      this.body.classList.remove('with-panel');
      this.filtersButton.setAttribute('aria-expanded', 'false');
      this.filtersButton.focus();
    });
    panel.addEventListener('change', (event) => {
      const input = event.target as HTMLInputElement;
      if (input.name === 'stock') this.choose({ ...this.state, stock: input.checked });
      else if (input.name === 'monthly') this.choose({ ...this.state, monthly: Number(input.value) || null });
      else if (input.name === 'min' || input.name === 'max') {
        const value = input.value.trim() === '' ? null : Math.max(0, Math.round(Number(input.value)));
        const next = { ...this.state, [input.name]: Number.isFinite(value) ? value : null };
        if (next.min !== null && next.max !== null && next.min > next.max) [next.min, next.max] = [next.max, next.min];
        this.choose(next);
      } else if (input.dataset['facet'])
        this.choose(toggleToken(this.state, input.dataset['facet'], input.value, input.checked));
    });
    this.body.prepend(panel);
    this.panel = panel;
    return panel;
  }

  /** The panel's controls and counts for the current state; its groups are made once (the listing's values). */
  private paintPanel(inStock: number): void {
    const panel = this.panel;
    if (!panel) return;
    this.painted = true;
    panel.querySelector<HTMLElement>('[data-loading]')!.hidden = true;
    const holder = panel.querySelector<HTMLElement>('[data-facets]')!;
    for (const group of this.groups) {
      let fieldset = holder.querySelector<HTMLFieldSetElement>(`fieldset[data-group="${CSS.escape(group.facet)}"]`);
      if (!fieldset) {
        fieldset = document.createElement('fieldset');
        fieldset.className = 'lp-group';
        fieldset.dataset['group'] = group.facet;
        const legend = document.createElement('legend');
        // A facet without a label of its own is one of the listing's (price, stock, category, store).
        legend.textContent = group.label ?? this.t(group.facet as ListingWord);
        fieldset.append(legend);
        for (const option of group.options) {
          const label = document.createElement('label');
          label.className = 'lp-option';
          const input = document.createElement('input');
          input.type = 'checkbox';
          input.value = option.token;
          input.dataset['facet'] = group.facet;
          const name = document.createElement('span');
          name.textContent = option.label;
          const count = document.createElement('span');
          count.className = 'lp-count';
          label.append(input, ' ', name, ' ', count);
          fieldset.append(label);
        }
        holder.append(fieldset);
      }
      for (const option of group.options) {
        const input = fieldset.querySelector<HTMLInputElement>(`input[value="${CSS.escape(option.token)}"]`);
        if (!input) continue;
        const checked = this.state.facets[group.facet]?.includes(option.token) ?? false;
        input.checked = checked;
        input.disabled = option.count === 0 && !checked;
        input.closest('label')!.querySelector('.lp-count')!.textContent = String(option.count);
      }
    }
    const stock = panel.querySelector<HTMLInputElement>('input[name="stock"]')!;
    stock.checked = this.state.stock;
    stock.disabled = inStock === 0 && !this.state.stock;
    panel.querySelector('[data-stock-count]')!.textContent = String(inStock);
    this.paintMonthly(panel);
    for (const name of ['min', 'max'] as const) {
      const input = panel.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
      if (document.activeElement !== input) input.value = this.state[name] === null ? '' : String(this.state[name]);
    }
    panel.querySelector('[data-show]')!.textContent =
      this.total > 0 ? this.t('show', { count: this.total }) : this.t('show_none');
  }

  /** "Up to N a month": a radio per step the listing's offers fill (none: the group stays hidden), and "any". */
  private paintMonthly(panel: HTMLDialogElement): void {
    const fieldset = panel.querySelector<HTMLFieldSetElement>('.lp-monthly')!;
    fieldset.hidden = this.monthly.length === 0;
    for (const option of this.monthly) {
      let input = fieldset.querySelector<HTMLInputElement>(`input[value="${option.step}"]`);
      if (!input) {
        const label = document.createElement('label');
        label.className = 'lp-option';
        input = Object.assign(document.createElement('input'), { type: 'radio', name: 'monthly' });
        input.value = String(option.step);
        const name = document.createElement('span');
        name.textContent = this.t('monthly_upto', { amount: formatAmount(option.step) });
        const count = Object.assign(document.createElement('span'), { className: 'lp-count' });
        label.append(input, ' ', name, ' ', count);
        // In step order, whatever order the steps first appeared in.
        const next = [...fieldset.querySelectorAll<HTMLInputElement>('input[name="monthly"]')].find(
          (other) => Number(other.value) > option.step,
        );
        if (next) next.closest('label')!.before(label);
        else fieldset.append(label);
      }
      const checked = this.state.monthly === option.step;
      input.checked = checked;
      input.disabled = option.count === 0 && !checked;
      input.closest('label')!.querySelector('.lp-count')!.textContent = String(option.count);
    }
    fieldset.querySelector<HTMLInputElement>('input[value=""]')!.checked = this.state.monthly === null;
  }

  /** No index to answer from: the prerendered list stays, the sort box says so by going back to it. */
  private fail(): void {
    this.sortBox.value = this.state.sort;
    if (!this.panel) return;
    const loading = this.panel.querySelector<HTMLElement>('[data-loading]')!;
    loading.hidden = false;
    loading.textContent = this.t('failed');
  }
}

function button(className: string, text: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  return element;
}

/** A product page's card from its Pagefind answer (`data-pagefind-meta="card"`), with its sort values. */
function readCard(data: PagefindData): (ListingCard & { order?: (number | null)[] }) | null {
  try {
    return JSON.parse(data.meta['card'] ?? '') as ListingCard & { order?: (number | null)[] };
  } catch {
    return null;
  }
}
