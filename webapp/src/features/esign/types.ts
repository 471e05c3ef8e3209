// These types mirror the server's answers for the public e-sign page (contracts area); they give
// way to the generated ones (src/api/generated) once the server's Rust types export them.

/** GET /api/contracts/{id}/esign/info?token=… */
export interface EsignInfo {
  contractNumber: number;
  clubName: string;
  /** The club's logo, for the page's own header. */
  clubLogo: string | null;
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

/** What `POST /api/public/contracts/verify` says of a PDF (server: contracts::signing::Verdict). */
export interface VerifyVerdict {
  genuine: boolean;
  sha256: string;
  /** 'sent' (the document sent for signing) or 'signed' (the signed copy). */
  kind: 'sent' | 'signed' | null;
  contractNumber: number | null;
  signedAt: string | null;
  message: string;
}
