import type { ReactNode } from 'react';

/** The frame of the login, sign-up and password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="tb-auth" aria-labelledby="tb-auth-title">
      <div className="tb-auth-card p-card">
        <h1 id="tb-auth-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
