/**
 * `load` (a lazy module that shows PrimeReact) together with PrimeReact's settings
 * (`primeSetup`), fetched side by side: the one way the public pages load PrimeReact late
 * (issue 36). Resolves to the module once both are there.
 */
export function withPrime<Module>(load: () => Promise<Module>): Promise<Module> {
  return Promise.all([load(), import('./primeSetup')]).then(([module]) => module);
}
