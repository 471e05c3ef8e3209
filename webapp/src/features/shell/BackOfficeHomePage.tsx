import { useAppSession } from '../../api/appApi';

/** The back-office home; the dashboard widgets come with the dashboard feature. */
export function BackOfficeHomePage() {
  const { client } = useAppSession();
  return (
    <section className="tb-page">
      <h1>{client?.name}</h1>
    </section>
  );
}
