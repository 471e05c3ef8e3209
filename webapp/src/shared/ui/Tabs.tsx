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
  content: ReactNode;
}

interface TabsProps {
  tabs: TabDefinition[];
  /** Controlled active key; without it the component keeps its own state. */
  activeKey?: number;
  onTabChange?: (key: number) => void;
}

export function Tabs({ tabs, activeKey, onTabChange }: TabsProps) {
  const visible = tabs.filter((tab) => tab.visible !== false).sort((a, b) => a.key - b.key);
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
