import { InitialSchema1767225600000 } from './1767225600000-initial-schema.migration';
import { RegistryRevision1767312000000 } from './1767312000000-registry-revision.migration';

/** Every migration, oldest first. Append only: never edit one that has shipped. */
export const MIGRATIONS = [InitialSchema1767225600000, RegistryRevision1767312000000];
