/**
 * Listing filters and sort, loaded when the shopper opens
 * the sort box or the filters (start.ts): Pagefind's index of the page's
 * language answers every choice in the browser (no API call), from the
 * filters and sorts product pages carry (src/features/listing/rules/facets.ts). The
 * filtered list replaces the prerendered one in place; the choice is in the
 * address (pushState), so it can be shared and back and forward restore it.
 *
 * This module runs a choice: the address, the controls, the list
 * (results.ts) and the filters panel's counts (panel.ts).
 */
import type { Lang } from '#contract/schemas.ts';
import { switchLangPath } from '../../../i18n/urls.ts';
import labels from 'virtual:labels/listing';
import { PART_FILTER } from '../../../shared/index-parts.ts';
import { combine, facetGroups, MONTHLY_GROUP, STOCK_GROUP, stateClauses } from '../rules/filters.ts';
import type { Group } from '../rules/filters.ts';
import type { Counts } from '../rules/values.ts';
import { monthlyOptions } from '../rules/monthly.ts';
import { pagefindSort, SORTS, type SortKey } from '../rules/sorts.ts';
import {
  activeCount,
  EMPTY_STATE,
  isDefaultState,
  isFiltered,
  knownFacets,
  listingQuery,
  parseListingQuery,
  type ListingState,
} from '../rules/state.ts';
import { FILTER_KEYS, YES } from '../rules/values.ts';
import { latest } from './latest.ts';
import { FilterPanel } from './panel.ts';
import { loadFacets, loadIndex, type Facets, type Index, type ListingScope } from './pagefind.ts';
import { ListingResults } from './results.ts';
import { listingText, type ListingText } from './text.ts';

interface Config {
  lang: Lang;
  scope: ListingScope;
  omit: string[];
}

/** A counting search over every group (unsorted). */
const ALL = ':all';

let controller: Controller | null = null;

export function listingController(tools: HTMLElement): Controller {
  controller ??= new Controller(tools);
  return controller;
}

class Controller {
  private readonly config: Config;
  private readonly text: ListingText;
  private readonly tools: HTMLElement;
  private readonly body: HTMLElement;
  private readonly staticPath = location.pathname;
  private readonly filtersButton: HTMLButtonElement;
  private readonly sortBox: HTMLSelectElement;
  private readonly index: Promise<Index | null>;
  private readonly facets: Promise<Facets | null>;
  private facetsLoaded = false;
  private state: ListingState;
  private readonly runs = latest();
  private readonly results: ListingResults;
  private panel: FilterPanel | null = null;

  constructor(tools: HTMLElement) {
    this.tools = tools;
    this.config = JSON.parse(tools.dataset['config'] ?? '{}') as Config;
    this.text = listingText(labels[this.config.lang]);
    this.body = document.querySelector<HTMLElement>('[data-listing-body]')!;
    this.filtersButton = tools.querySelector<HTMLButtonElement>('[data-listing-filters]')!;
    this.sortBox = tools.querySelector<HTMLSelectElement>('[data-listing-sort]')!;
    this.state = parseListingQuery(location.search);
    this.results = new ListingResults(this.body.querySelector<HTMLElement>('[data-listing-static]')!, {
      lang: this.config.lang,
      text: this.text,
      runs: this.runs,
      filtered: () => isFiltered(this.state),
      clear: () => this.clear(),
    });
    this.index = loadIndex(this.config.scope);
    this.facets = loadFacets(this.index).finally(() => {
      this.facetsLoaded = true;
    });
    this.syncControls();
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
    this.panel ??= new FilterPanel({
      text: this.text,
      body: this.body,
      opener: this.filtersButton,
      state: () => this.state,
      choose: (next) => this.choose(next),
      clear: () => this.clear(),
      shownList: () => this.results.shownList,
    });
    this.panel.open();
    if (!(await this.facets)) return this.fail();
    // The first opening counts the values (a restored state has counted them already).
    if (!this.panel.painted) await this.apply(this.state, 'none');
  }

  /** Runs a state: the address, the controls, the list and the panel's counts. */
  private apply(next: ListingState, history: 'push' | 'none'): Promise<void> {
    return this.runs.start(async (step) => {
      const index = await step(this.index);
      if (!index) return this.fail();
      // A choice of values waits for them; a sort, a price or in stock alone does not.
      const facetsFirst = Object.keys(next.facets).length > 0;
      const facets = facetsFirst ? await step(this.facets) : null;
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
      const [main, ...parts] = await step(Promise.all([search(), ...index.parts.map(sorted)]));
      this.results.answerWith(parts, sort);
      if (showStatic) this.results.showStatic();
      else await this.results.show(step);
      // Counts: once the facets' values are loaded (the list's own search counted them only if they were by then).
      const loaded = facets ?? (await step(this.facets));
      if (!loaded) return;
      const mainCounts = countedByMain ? (main?.filters ?? {}) : ((await search(ALL))?.filters ?? {});
      // Each chosen group's values count as if it were not chosen (Samsung or Apple: both keep their counts).
      const own = new Map<Group, Counts>();
      await step(
        Promise.all([...clauses.keys()].map(async (group) => own.set(group, (await search(group))?.filters ?? {}))),
      );
      const countsFor = (group: Group) => own.get(group) ?? mainCounts;
      this.panel?.paint({
        groups: facetGroups(loaded.scopeCounts, countsFor, this.config.omit, state.facets),
        monthly: monthlyOptions(loaded.scopeCounts, countsFor(MONTHLY_GROUP), state.monthly),
        inStock: countsFor(STOCK_GROUP)[FILTER_KEYS.stock]?.[YES] ?? 0,
        total: this.results.total,
      });
    });
  }

  private syncControls(): void {
    this.sortBox.value = this.state.sort;
    const active = activeCount(this.state);
    const badge = this.tools.querySelector<HTMLElement>('[data-listing-badge]');
    if (badge) {
      // Read as "Filtrlar 2 ta tanlangan": the visible "2", then words only a screen reader says.
      badge.hidden = active === 0;
      const [before = '', after = ''] = this.text('filters_active', { count: '\u0000' }).split('\u0000');
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

  private clear(): void {
    this.choose({ ...EMPTY_STATE, sort: this.state.sort });
  }

  private choose(next: ListingState): void {
    performance.mark('listing-choice');
    void this.apply(next, 'push');
  }

  /** No index to answer from: the prerendered list stays, the sort box says so by going back to it. */
  private fail(): void {
    this.sortBox.value = this.state.sort;
    this.panel?.failed();
  }
}
