// These types mirror the server's answers for the public e-sign page (contracts area); they give
// way to the generated ones (src/api/generated) once the server's Rust types export them.

/** GET /api/contracts/{id}/esign/info?token=… */
export interface EsignInfo {
  contractNumber: number;
  clubName: string;
  companyName: string | null;
  /** Who signs: the contract's contact person. */
  signerName: string;
  signed: boolean;
  signedAt: string | null;
}

/** The contract and the token of the link that was mailed for it. */
export interface EsignRequest {
  id: string;
  token: string;
}
