/**
 * The delivery-address picker (spec §2, §4, §5, §8, §9), loaded when it first
 * opens (`openAddressPicker()` in stores/address.ts, from the header label,
 * checkout or the profile). A native modal <dialog>: labelled, focus moved in
 * and kept in, Escape and the backdrop close it. The map (Leaflet) loads
 * inside it; under the map the resolved region, city and street, the
 * delivery area, and the house, floor and entrance inputs.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { $addressPickerOpen, closeAddressPicker } from '../state/address.ts';
import {
  $draft,
  canSave,
  choosePoint,
  locateMe,
  saveDraft,
  setDetail,
  startDraft,
  type Draft,
} from '../state/address-picker.ts';
import { $lang } from '../../../i18n/language.ts';
import labels from 'virtual:labels/address';
import { makeT, type LabelKey, type Translate } from '../../../i18n/messages.ts';
import ModalDialog from '../../../shared/ui/ModalDialog.tsx';
import { createPickerMap, type PickerMap } from './map.ts';
import { loadStylesheets } from '../../../shared/ui/stylesheet.ts';
import modalCss from '../../../shared/ui/modal.css?url';
import addressCss from './address.css?url';
import leafletCss from 'leaflet/dist/leaflet.css?url';

await loadStylesheets(modalCss, addressCss, leafletCss);

let mounted = false;

/** Mount the picker once; it then follows `$addressPickerOpen`. */
export async function mountAddressPicker(): Promise<void> {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'address-picker-root';
  document.body.append(host);
  createRoot(host).render(<AddressPicker t={makeT(labels[$lang.get()])} />);
}

const DETAILS = [
  ['home', 'isl.address.home', 'address-line2'],
  ['etaj', 'isl.address.etaj', 'off'],
  ['entrance', 'isl.address.entrance', 'off'],
] as const;

function AddressPicker({ t }: { t: Translate<LabelKey<'address'>> }) {
  const open = useStore($addressPickerOpen);
  const draft = useStore($draft);
  const mapBox = useRef<HTMLDivElement>(null);
  const map = useRef<Promise<PickerMap> | null>(null);
  const titleId = useId();
  const hintId = useId();
  const messageId = useId();

  // As it opens: a draft from the saved address, and the map (made on the first opening) showing it.
  const opened = () => {
    startDraft();
    if (!mapBox.current) return;
    map.current ??= createPickerMap(
      mapBox.current,
      { zoomIn: t('isl.address.zoom_in'), zoomOut: t('isl.address.zoom_out'), marker: t('isl.address.marker') },
      (point) => choosePoint(point),
    );
    void map.current.then((m) => {
      m.resize();
      m.show($draft.get().point, true);
    });
  };

  // A click leaves the map where it is; a found location or the saved address brings it into view.
  useEffect(() => {
    void map.current?.then((m) => m.show(draft.point, draft.source === 'location'));
  }, [draft.point, draft.source]);

  const save = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void saveDraft();
  };

  const ready = canSave(draft);
  return (
    <ModalDialog
      open={open}
      onOpen={opened}
      className="modal address-picker"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      close={closeAddressPicker}
      data-testid="address-picker"
    >
      <div className="picker-body">
        <div className="picker-head">
          <h2 id={titleId}>{t('isl.address.title')}</h2>
          <button type="button" className="picker-close" onClick={() => closeAddressPicker()}>
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t('isl.address.close')}</span>
          </button>
        </div>
        <p id={hintId} className="picker-hint">
          {t('isl.address.hint')} <span className="picker-keys">{t('isl.address.hint_keys')}</span>
        </p>
        <div className="picker-map-wrap">
          <div
            ref={mapBox}
            className="picker-map"
            role="application"
            aria-label={t('isl.address.map')}
            aria-describedby={hintId}
            data-testid="address-map"
          />
          <button
            type="button"
            className="picker-locate"
            onClick={locateMe}
            disabled={draft.loading === 'locating'}
            data-testid="address-locate"
          >
            {t('isl.address.locate')}
          </button>
        </div>
        <p className="picker-status" role="status" data-testid="address-status">
          {draft.loading === 'locating' && t('isl.address.locating')}
          {draft.loading === 'geocoding' && t('isl.address.geocoding')}
          {draft.loading === 'saving' && t('isl.address.saving')}
        </p>
        {draft.message && (
          <p id={messageId} className="picker-message" role="alert" data-testid="address-message">
            {draft.message === 'isl.address.outside' && <strong>{t('isl.address.place_outside')} </strong>}
            {t(draft.message)}
          </p>
        )}
        <form className="picker-form" onSubmit={save} noValidate>
          <Found t={t} draft={draft} />
          <div className="picker-inputs">
            {DETAILS.map(([key, label, autoComplete]) => (
              <label key={key}>
                <span>{t(label)}</span>
                <input
                  name={key}
                  value={draft[key]}
                  maxLength={20}
                  autoComplete={autoComplete}
                  onChange={(event) => setDetail(key, event.target.value)}
                />
              </label>
            ))}
          </div>
          <button
            type="submit"
            className="picker-save"
            aria-disabled={!ready}
            aria-describedby={draft.message ? messageId : undefined}
            data-testid="address-save"
          >
            {t('isl.address.save')}
          </button>
        </form>
      </div>
    </ModalDialog>
  );
}

function Found({ t, draft }: { t: Translate<LabelKey<'address'>>; draft: Draft }) {
  const { found, deliveryType } = draft;
  const rows = [
    ['isl.address.region', found?.region],
    ['isl.address.city', found?.city],
    ['isl.address.street', found?.street],
    [
      'isl.address.delivery',
      deliveryType && t(deliveryType === 'city' ? 'isl.address.delivery_city' : 'isl.address.delivery_district'),
    ],
  ] as const;
  return (
    <dl className="picker-found" data-testid="address-found" data-delivery-type={deliveryType ?? ''}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
