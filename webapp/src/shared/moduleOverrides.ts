import { useLocation } from 'react-router';
import { useAppSession } from '../api/appApi';

/**
 * A club's chosen variants of its modules (spec 1 §1 and §3 client module `customViews`,
 * `customComponents`): a module defines which routes have views and which components have
 * variants, with the values allowed (Indstillinger → Moduler); a club picks one in its module's
 * dialog (Indstillinger → Klubber). What the product implements:
 *
 * - View of a list route (`/companies`, `/contacts`, `/orders` …): 'Kompakt' draws its table
 *   with small rows, 'Normal' with the theme's own.
 * - Component `cvrLookup` of the companies module: 'Skjul' leaves the CVR lookup out of the
 *   company form (a club whose sponsors are not in the Danish register); 'Vis' is the default.
 */
export const COMPACT_VIEW = 'Kompakt';
export const HIDDEN_COMPONENT = 'Skjul';

/** The view the club chose for the current route, if any. */
export function useCustomView(): string | undefined {
  const { modules } = useAppSession();
  const { pathname } = useLocation();
  for (const module of modules) {
    const chosen = module.customViews?.[pathname];
    if (chosen) return chosen;
  }
  return undefined;
}

/** The variant the club chose for `component` of `module`, if any. */
export function useCustomComponent(module: string, component: string): string | undefined {
  const { modules } = useAppSession();
  return modules.find((candidate) => candidate.alias === module)?.customComponents?.[component];
}
