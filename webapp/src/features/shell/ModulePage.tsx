import { useAppSession } from '../../api/appApi';
import { useRouteHandle } from '../../shared/routeHandle';
import { useModuleName } from './moduleName';

/** A module's route until its feature provides the screen: the module's name as heading. */
export function ModulePage() {
  const { modules } = useAppSession();
  const { module } = useRouteHandle();
  const nameOf = useModuleName();
  const found = modules.find((candidate) => candidate.alias === module);
  const name = found ? nameOf(found) : undefined;
  return (
    <section className="tb-page">
      <h1>{name}</h1>
    </section>
  );
}
