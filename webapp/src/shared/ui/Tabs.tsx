import { TabPanel, TabView } from 'primereact/tabview';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/** Tabs are keyed by numbers 10, 20 … 90, so a key stays stable when other tabs are hidden. */
export interface TabDefinition {
  key: number;
  label: string;
  /** Hidden tabs are left out (e.g. 'Filer' only once saved). Default true. */
  visible?: boolean;
  badge?: string | number;
  /** An editor hides its 'Gem' while this tab is shown (the point of sale saves nothing). */
  hideSave?: boolean;
  content: ReactNode;
}

/** The tabs shown, in key order. */
export function shownTabs(tabs: readonly TabDefinition[]): TabDefinition[] {
  return tabs.filter((tab) => tab.visible !== false).sort((a, b) => a.key - b.key);
}

/** The tab shown for `key`: that one, or the first shown when it is hidden or unknown. */
export function shownTab(tabs: readonly TabDefinition[], key: number): TabDefinition | undefined {
  const visible = shownTabs(tabs);
  return visible.find((tab) => tab.key === key) ?? visible[0];
}

interface TabsProps {
  tabs: TabDefinition[];
  /** Controlled active key; without it the component keeps its own state. */
  activeKey?: number;
  onTabChange?: (key: number) => void;
}

export function Tabs({ tabs, activeKey, onTabChange }: TabsProps) {
  const visible = shownTabs(tabs);
  const [ownKey, setOwnKey] = useState<number | undefined>(visible[0]?.key);
  const currentKey = activeKey ?? ownKey;
  const index = Math.max(
    0,
    visible.findIndex((tab) => tab.key === currentKey),
  );
  return (
    <TabView
      activeIndex={index}
      onTabChange={(event) => {
        const key = visible[event.index]?.key;
        if (key === undefined) return;
        setOwnKey(key);
        onTabChange?.(key);
      }}
    >
      {visible.map((tab) => (
        <TabPanel
          key={tab.key}
          header={tab.label}
          rightIcon={
            tab.badge !== undefined ? <span className="tb-tab-badge">{tab.badge}</span> : undefined
          }
        >
          {tab.content}
        </TabPanel>
      ))}
    </TabView>
  );
}

/** Keeps the active tab key in the URL (?tab=20), so a reload or a shared link opens the same tab. */
export function useTabParam(defaultKey = 10): [number, (key: number) => void] {
  const [params, setParams] = useSearchParams();
  const key = Number(params.get('tab') ?? defaultKey) || defaultKey;
  const setKey = (next: number) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('tab', String(next));
        return updated;
      },
      { replace: true },
    );
  return [key, setKey];
}
