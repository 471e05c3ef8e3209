//! Contracts (spec 3 §2 Contracts list, Contract editor, Contract e-sign page, Pipeline board;
//! §4, §5, §7 Contracts): the area's routes with their access, its OpenAPI document and its
//! history source. Handlers: `contract.rs` (one contract), `list.rs` (the list and its export),
//! `products.rs` (what a contract offers), `pipeline.rs` (the boards) and `esign.rs` (the public
//! signing page); every write goes through `service.rs`, signing through `signing.rs`, the PDF
//! through `document.rs`. Fixed paths come before `{id}`.

pub mod contract;
pub mod document;
pub mod dto;
pub mod esign;
pub mod list;
pub mod pipeline;
pub mod products;
pub mod service;
pub mod signing;

use tribune_domain::contract::Contract;
use utoipa::OpenApi;

use crate::kit::history::AggregateHistory;
use crate::kit::routes::{Access, Area, Routes};
pub use service::{ContractService, CONFLICT};

/// Contracts are a feature of the orders module.
pub const MODULE: &str = "orders";

pub const AREA: Area = Area {
    name: "contracts",
    configure,
    doc: ContractsDoc::openapi,
    history: &[&AggregateHistory::<Contract> {
        aggregate_type: "contract",
        module: Some(MODULE),
        bus: |state| &state.contracts,
        view: |id, sequence, contract| {
            serde_json::to_value(dto::ContractDto::from_contract(
                id.parse().ok(),
                sequence,
                contract,
            ))
        },
    }],
};

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(MODULE), Access::manage(MODULE));
    routes
        .post("/api/contracts", read, list::list_contracts)
        .stale_ok()
        .post("/api/contracts/export", read, list::export_contracts)
        .stale_ok()
        .get("/api/contracts/new", read, contract::new_contract)
        .get("/api/contracts/products", read, products::offered_products)
        .post("/api/contracts/update", manage, contract::update_contract)
        .fields(&contract::CONTRACT_FIELDS)
        .post("/api/contracts/approve", manage, contract::approve_contract)
        .post("/api/contracts/edit", manage, contract::reopen_contract)
        .post("/api/contracts/cancel", manage, contract::cancel_contract)
        .post("/api/contracts/renew", manage, contract::renew_contract)
        .post(
            "/api/contracts/agreement-status",
            manage,
            contract::set_agreement_status,
        )
        .post("/api/contracts/pipeline/sales", read, pipeline::sales_board)
        .stale_ok()
        .post(
            "/api/contracts/pipeline/renegotiation",
            read,
            pipeline::renegotiation_board,
        )
        .stale_ok()
        .post(
            "/api/public/contracts/verify",
            Access::Public,
            esign::verify_document,
        )
        .get("/api/contracts/{id}", read, contract::get_contract)
        .delete("/api/contracts/{id}", manage, contract::delete_contract)
        .get("/api/contracts/{id}/pdf", read, contract::contract_pdf)
        .post("/api/contracts/{id}/send", manage, contract::send_contract)
        .post(
            "/api/contracts/{id}/send-signing",
            manage,
            contract::send_for_signing,
        )
        .post(
            "/api/contracts/{id}/reactivate",
            manage,
            contract::reactivate_contract,
        )
        .get(
            "/api/contracts/{id}/esign",
            Access::Public,
            esign::esign_document,
        )
        .post(
            "/api/contracts/{id}/esign",
            Access::Public,
            esign::esign_sign,
        )
        .get(
            "/api/contracts/{id}/esign/info",
            Access::Public,
            esign::esign_info,
        );
}

#[derive(OpenApi)]
#[openapi(
    paths(
        list::list_contracts,
        list::export_contracts,
        contract::new_contract,
        products::offered_products,
        contract::update_contract,
        contract::approve_contract,
        contract::reopen_contract,
        contract::cancel_contract,
        contract::renew_contract,
        contract::set_agreement_status,
        pipeline::sales_board,
        pipeline::renegotiation_board,
        esign::verify_document,
        contract::get_contract,
        contract::delete_contract,
        contract::contract_pdf,
        contract::send_contract,
        contract::send_for_signing,
        contract::reactivate_contract,
        esign::esign_document,
        esign::esign_sign,
        esign::esign_info,
    ),
    components(schemas(
        dto::ContractInput,
        contract::ContractRef,
        esign::SignatureInput,
        esign::EsignInfo,
        signing::Verdict
    ))
)]
pub struct ContractsDoc;
