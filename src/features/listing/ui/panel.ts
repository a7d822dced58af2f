/**
 * The filters panel: the price range, the monthly payment, in stock and a
 * group of checkboxes per facet, each value with its count. Desktop: a side
 * panel beside the list (a non-modal <dialog>); a phone: a sheet (a modal
 * <dialog>) with "show N products".
 */
import type { FacetGroup } from '../rules/filters.ts';
import type { MonthlyOption } from '../rules/monthly.ts';
import { toggleToken, type ListingState } from '../rules/state.ts';
import { formatAmount } from '../../../shared/price.ts';
import type { ListingText, ListingWord } from './text.ts';
import { openModal } from '../../../shared/ui/dialog.ts';

/** Narrower than this, the filters are a sheet. */
const PHONE = '(max-width: 768px)';

interface Hooks {
  text: ListingText;
  /** The listing's body, beside which the desktop panel stands. */
  body: HTMLElement;
  /** The button that opens the panel, and has focus back when it closes. */
  opener: HTMLButtonElement;
  state(): ListingState;
  choose(next: ListingState): void;
  clear(): void;
  /** The list "show N products" scrolls to. */
  shownList(): HTMLElement;
}

/** What the panel shows for a state: its groups and their counts. */
export interface PanelCounts {
  groups: FacetGroup[];
  monthly: MonthlyOption[];
  inStock: number;
  /** Products the state leaves. */
  total: number;
}

const TEMPLATE = `
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

/** The template's texts: its element, and the word it says. */
const TEXTS: [selector: string, word: ListingWord][] = [
  ['h2', 'filters'],
  ['[data-loading]', 'loading'],
  ['.lp-price legend', 'price'],
  ['[data-min-label]', 'price_min'],
  ['[data-max-label]', 'price_max'],
  ['.lp-monthly legend', 'monthly'],
  ['[data-monthly-any]', 'monthly_any'],
  ['.lp-stock legend', 'availability'],
  ['[data-stock-label]', 'stock'],
  ['[data-clear]', 'clear'],
];

export class FilterPanel {
  readonly dialog: HTMLDialogElement;
  /** Whether counts have been shown (until then, the panel says it is loading). */
  painted = false;
  private readonly hooks: Hooks;

  constructor(hooks: Hooks) {
    this.hooks = hooks;
    const { text } = hooks;
    const panel = document.createElement('dialog');
    panel.id = 'listing-panel';
    panel.className = 'listing-panel';
    panel.setAttribute('aria-labelledby', 'listing-panel-title');
    panel.innerHTML = TEMPLATE;
    for (const [selector, word] of TEXTS) panel.querySelector(selector)!.textContent = text(word);
    panel.querySelector('[data-close]')!.setAttribute('aria-label', text('close'));

    panel.querySelector('[data-close]')!.addEventListener('click', () => panel.close());
    panel.querySelector('[data-show]')!.addEventListener('click', () => {
      panel.close();
      hooks.shownList().scrollIntoView({ block: 'start' });
    });
    panel.querySelector('[data-clear]')!.addEventListener('click', () => hooks.clear());
    panel.addEventListener('keydown', (event) => {
      // A non-modal dialog (the desktop panel) does not close on Escape by itself.
      if (event.key === 'Escape' && !matchMedia(PHONE).matches) panel.close();
    });
    panel.addEventListener('close', () => {
      hooks.body.classList.remove('with-panel');
      hooks.opener.setAttribute('aria-expanded', 'false');
      hooks.opener.focus();
    });
    panel.addEventListener('change', (event) => this.changed(event.target as HTMLInputElement));
    hooks.body.prepend(panel);
    this.dialog = panel;
  }

  open(): void {
    const panel = this.dialog;
    this.hooks.opener.setAttribute('aria-expanded', 'true');
    if (matchMedia(PHONE).matches) {
      openModal(panel);
    } else {
      this.hooks.body.classList.add('with-panel');
      if (!panel.open) panel.show();
      panel.querySelector<HTMLElement>('h2')?.focus();
    }
  }

  /** No index to answer from: the panel says so. */
  failed(): void {
    const loading = this.dialog.querySelector<HTMLElement>('[data-loading]')!;
    loading.hidden = false;
    loading.textContent = this.hooks.text('failed');
  }

  private changed(input: HTMLInputElement): void {
    const { state, choose } = this.hooks;
    if (input.name === 'stock') choose({ ...state(), stock: input.checked });
    else if (input.name === 'monthly') choose({ ...state(), monthly: Number(input.value) || null });
    else if (input.name === 'min' || input.name === 'max') {
      const value = input.value.trim() === '' ? null : Math.max(0, Math.round(Number(input.value)));
      const next = { ...state(), [input.name]: Number.isFinite(value) ? value : null };
      if (next.min !== null && next.max !== null && next.min > next.max) [next.min, next.max] = [next.max, next.min];
      choose(next);
    } else if (input.dataset['facet']) choose(toggleToken(state(), input.dataset['facet'], input.value, input.checked));
  }

  /** The panel's controls and counts for the current state; its groups are made once (the listing's values). */
  paint({ groups, monthly, inStock, total }: PanelCounts): void {
    const panel = this.dialog;
    const state = this.hooks.state();
    this.painted = true;
    panel.querySelector<HTMLElement>('[data-loading]')!.hidden = true;
    const holder = panel.querySelector<HTMLElement>('[data-facets]')!;
    for (const group of groups) {
      const fieldset =
        holder.querySelector<HTMLFieldSetElement>(`fieldset[data-group="${CSS.escape(group.facet)}"]`) ??
        holder.appendChild(this.groupFieldset(group));
      for (const option of group.options) {
        const input = fieldset.querySelector<HTMLInputElement>(`input[value="${CSS.escape(option.token)}"]`);
        if (!input) continue;
        const checked = state.facets[group.facet]?.includes(option.token) ?? false;
        input.checked = checked;
        input.disabled = option.count === 0 && !checked;
        input.closest('label')!.querySelector('.lp-count')!.textContent = String(option.count);
      }
    }
    const stock = panel.querySelector<HTMLInputElement>('input[name="stock"]')!;
    stock.checked = state.stock;
    stock.disabled = inStock === 0 && !state.stock;
    panel.querySelector('[data-stock-count]')!.textContent = String(inStock);
    this.paintMonthly(monthly, state);
    for (const name of ['min', 'max'] as const) {
      const input = panel.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
      if (document.activeElement !== input) input.value = state[name] === null ? '' : String(state[name]);
    }
    panel.querySelector('[data-show]')!.textContent =
      total > 0 ? this.hooks.text('show', { count: total }) : this.hooks.text('show_none');
  }

  /** A facet's group: its legend and a checkbox per value, counts filled by paint. */
  private groupFieldset(group: FacetGroup): HTMLFieldSetElement {
    const fieldset = document.createElement('fieldset');
    fieldset.className = 'lp-group';
    fieldset.dataset['group'] = group.facet;
    const legend = document.createElement('legend');
    // A facet without a label of its own is one of the listing's (price, stock, category, store).
    legend.textContent = group.label ?? this.hooks.text(group.facet as ListingWord);
    fieldset.append(legend);
    for (const option of group.options) {
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.value = option.token;
      input.dataset['facet'] = group.facet;
      fieldset.append(optionLabel(input, option.label));
    }
    return fieldset;
  }

  /** "Up to N a month": a radio per step the listing's offers fill (none: the group stays hidden), and "any". */
  private paintMonthly(monthly: MonthlyOption[], state: ListingState): void {
    const fieldset = this.dialog.querySelector<HTMLFieldSetElement>('.lp-monthly')!;
    fieldset.hidden = monthly.length === 0;
    for (const option of monthly) {
      let input = fieldset.querySelector<HTMLInputElement>(`input[value="${option.step}"]`);
      if (!input) {
        input = Object.assign(document.createElement('input'), { type: 'radio', name: 'monthly' });
        input.value = String(option.step);
        const label = optionLabel(input, this.hooks.text('monthly_upto', { amount: formatAmount(option.step) }));
        // In step order, whatever order the steps first appeared in.
        const next = [...fieldset.querySelectorAll<HTMLInputElement>('input[name="monthly"]')].find(
          (other) => Number(other.value) > option.step,
        );
        if (next) next.closest('label')!.before(label);
        else fieldset.append(label);
      }
      const checked = state.monthly === option.step;
      input.checked = checked;
      input.disabled = option.count === 0 && !checked;
      input.closest('label')!.querySelector('.lp-count')!.textContent = String(option.count);
    }
    fieldset.querySelector<HTMLInputElement>('input[value=""]')!.checked = state.monthly === null;
  }
}

/** An option's label: its input, its name and its count. */
function optionLabel(input: HTMLInputElement, text: string): HTMLLabelElement {
  const label = document.createElement('label');
  label.className = 'lp-option';
  const name = document.createElement('span');
  name.textContent = text;
  const count = Object.assign(document.createElement('span'), { className: 'lp-count' });
  label.append(input, ' ', name, ' ', count);
  return label;
}
