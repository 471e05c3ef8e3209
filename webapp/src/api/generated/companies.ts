// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type CompanyListRow = { Id: string, Name: string, CVR: string | null, Address: string | null, ZipCode: string | null, City: string | null, Email: string | null, Phone: string | null, FollowUpDate: string | null, Utilization: number, LogoWeb: string | null, Status: number, };
