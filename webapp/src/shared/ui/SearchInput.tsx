import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';

interface SearchInputProps {
  /** Accessible name, e.g. 'Søg'. */
  label: string;
  onSearch: (text: string) => void;
  /** Milliseconds of quiet typing before `onSearch`; default 300. */
  delay?: number;
}

/** A search box that tells its text once typing pauses. */
export function SearchInput({ label, onSearch, delay = 300 }: SearchInputProps) {
  const [text, setText] = useState('');
  const listener = useRef(onSearch);
  useEffect(() => {
    listener.current = onSearch;
  });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => listener.current(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return (
    <IconField iconPosition="left" className="tb-search">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label={label}
        placeholder={label}
      />
    </IconField>
  );
}
