import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import './tabs.css';

/** One tab: its label's message id and its panel; `disabled` tabs cannot be selected. */
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
 * Accessible tabs (WAI-ARIA Authoring Practices, tabs pattern): role tablist/tab/tabpanel,
 * aria-selected, aria-disabled (a disabled tab stays focusable but cannot be selected), arrow
 * keys, Home and End move between enabled tabs. A panel is mounted when its tab is first
 * selected and then kept, hidden, so unsaved input survives switching tabs. Used by the
 * student, tutor and subject forms, whose later tabs stay disabled until the record exists
 * (spec section 2).
 */
export function Tabs({ idPrefix, tabs, selected, onSelect }: TabsProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((t) => t.key === selected && !t.disabled) ?? tabs[0];
  const [visited, setVisited] = useState(() => new Set<string>());
  if (current && !visited.has(current.key)) setVisited(new Set(visited).add(current.key));

  const enabled = tabs.filter((t) => !t.disabled);
  const focusTab = (key: string | undefined) => {
    if (key === undefined) return;
    onSelect(key);
    refs.current.get(key)?.focus();
  };
  const step = (from: string, delta: number) => {
    const i = enabled.findIndex((t) => t.key === from);
    focusTab(enabled[(i + delta + enabled.length) % enabled.length]?.key);
  };

  return (
    <>
      <div className="tabs app-tabs">
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
                    const keys: Record<string, () => void> = {
                      ArrowRight: () => step(tab.key, 1),
                      ArrowLeft: () => step(tab.key, -1),
                      Home: () => focusTab(enabled[0]?.key),
                      End: () => focusTab(enabled[enabled.length - 1]?.key),
                    };
                    const action = keys[e.key];
                    if (action) {
                      e.preventDefault();
                      action();
                    }
                  }}
                >
                  <FormattedMessage id={tab.label} />
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {tabs
        .filter((tab) => visited.has(tab.key))
        .map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={`panel-${idPrefix}-${tab.key}`}
            aria-labelledby={`tab-${idPrefix}-${tab.key}`}
            hidden={tab.key !== current?.key}
          >
            {tab.content}
          </div>
        ))}
    </>
  );
}
