// What other domains may use of this domain (docs/decisions/027-domain-shape.md).
export { can, type Capability, type Role } from "./capabilities";
