import { useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** One tab: its message id and content; `disabled` tabs cannot be selected. */
export interface TabSpec {
  key: string;
  label: string;
  disabled?: boolean;
  content: ReactNode;
}

export interface TabsProps {
  /** Prefix of the element ids (tab-<idPrefix>-<key>, panel-<idPrefix>-<key>). */
  idPrefix: string;
  tabs: TabSpec[];
  selected: string;
  onSelect: (key: string) => void;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern): role tablist/tab/tabpanel, aria-selected,
 * aria-disabled, arrow keys move between enabled tabs. Used by the student and tutor forms,
 * where the later tabs stay disabled until the record exists (spec section 2).
 */
export function Tabs({ idPrefix, tabs, selected, onSelect }: TabsProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = tabs.filter((t) => !t.disabled);
  const move = (from: string, delta: number) => {
    const i = enabled.findIndex((t) => t.key === from);
    const next = enabled[(i + delta + enabled.length) % enabled.length];
    if (next) {
      onSelect(next.key);
      refs.current.get(next.key)?.focus();
    }
  };
  const current = tabs.find((t) => t.key === selected) ?? tabs[0];
  return (
    <>
      <div className="tabs is-boxed">
        <ul role="tablist">
          {tabs.map((tab) => {
            const isSelected = tab.key === current?.key;
            return (
              <li
                key={tab.key}
                className={isSelected ? 'is-active' : undefined}
                role="presentation"
              >
                <button
                  type="button"
                  role="tab"
                  className="button is-white"
                  id={`tab-${idPrefix}-${tab.key}`}
                  aria-controls={`panel-${idPrefix}-${tab.key}`}
                  aria-selected={isSelected}
                  aria-disabled={tab.disabled ? true : undefined}
                  tabIndex={isSelected ? 0 : -1}
                  ref={(el) => {
                    if (el) refs.current.set(tab.key, el);
                    else refs.current.delete(tab.key);
                  }}
                  onClick={() => !tab.disabled && onSelect(tab.key)}
                  onKeyDown={(e) => {
                    if (e.key === 'ArrowRight') move(tab.key, 1);
                    if (e.key === 'ArrowLeft') move(tab.key, -1);
                  }}
                >
                  <FormattedMessage id={tab.label} />
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`panel-${idPrefix}-${current.key}`}
          aria-labelledby={`tab-${idPrefix}-${current.key}`}
        >
          {current.content}
        </div>
      )}
    </>
  );
}
