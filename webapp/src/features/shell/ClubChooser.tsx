import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPublicClientsQuery } from '../../api/appApi';
import { changeClientUrl, navigateAway } from '../../shared/navigation';

/**
 * 'Vælg klub' for a visitor without a current club: choosing one reloads the site as that club.
 * A button that shows and hides the list of clubs (a disclosure): plain markup, so the public
 * header loads none of PrimeReact (issue 36). Escape or a tap elsewhere closes the list.
 */
export function ClubChooser() {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { data: clubs = [] } = useGetPublicClientsQuery();

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="tb-club-chooser" ref={root}>
      <button
        ref={button}
        type="button"
        className="p-button p-component"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={clubs.length === 0}
        onClick={() => setOpen((current) => !current)}
      >
        <span className="p-button-label">{t('shell.header.chooseClub')}</span>
        <span className="p-button-icon p-button-icon-right pi pi-angle-down" aria-hidden="true" />
      </button>
      {open && (
        <ul id={listId} className="tb-club-list p-component">
          {clubs.map((club) => (
            <li key={club.id}>
              <button
                type="button"
                className="tb-club-option"
                onClick={() => navigateAway(changeClientUrl(club.id))}
              >
                {club.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
