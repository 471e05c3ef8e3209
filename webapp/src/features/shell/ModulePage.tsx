import { useMatches } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { mergeHandles } from '../../shared/routeHandle';

/** A module's route until its feature provides the screen: the module's name as heading. */
export function ModulePage() {
  const { modules } = useAppSession();
  const { module } = mergeHandles(useMatches());
  const name = modules.find((candidate) => candidate.alias === module)?.name;
  return (
    <section className="tb-page">
      <h1>{name}</h1>
    </section>
  );
}
