//! How a stored event form is shown to its editor: its files as download URLs (with the
//! attachment's name), the names of its sponsors and the catalogue's products of its ticket
//! products, as they are now.

use std::collections::HashMap;

use sqlx::PgConnection;
use tribune_domain::money::Money;
use uuid::Uuid;

use super::dto::{EventCompany, EventContent, TicketProductRef};
use super::files::{urls, SlotIds};
use crate::error::ApiError;

pub async fn describe(
    conn: &mut PgConnection,
    client_id: Uuid,
    content: &mut EventContent,
    files: &SlotIds,
) -> Result<(), ApiError> {
    let [banner_picture, banner_bottom, invite_attachment, ticket_logo, ticket_picture, card_picture] =
        urls(files);
    content.banner_picture = banner_picture;
    content.banner_bottom = banner_bottom;
    content.invite_attachment = invite_attachment;
    content.tickets.ticket_logo = ticket_logo;
    content.tickets.ticket_picture = ticket_picture;
    content.table_plan.card_picture = card_picture;
    content.invite_attachment_name = match files[2] {
        Some(id) => {
            sqlx::query_scalar("SELECT file_name FROM files WHERE client_id = $1 AND id = $2")
                .bind(client_id)
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };

    let company_ids: Vec<Uuid> = content
        .sponsors
        .iter()
        .flat_map(|s| s.company_ids.iter().copied())
        .collect();
    let names: HashMap<Uuid, String> =
        sqlx::query_as("SELECT id, name FROM companies WHERE client_id = $1 AND id = ANY($2)")
            .bind(client_id)
            .bind(&company_ids)
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .collect();
    for sponsor in &mut content.sponsors {
        sponsor.companies = sponsor
            .company_ids
            .iter()
            .filter_map(|id| {
                names.get(id).map(|name| EventCompany {
                    id: *id,
                    name: name.clone(),
                })
            })
            .collect();
    }

    let product_ids: Vec<Uuid> = content
        .tickets
        .products
        .iter()
        .filter_map(|p| p.product_id)
        .collect();
    let products: HashMap<Uuid, TicketProductRef> =
        sqlx::query_as::<_, (Uuid, String, String, i64)>(
            "SELECT id, title, type, price FROM products WHERE client_id = $1 AND id = ANY($2)",
        )
        .bind(client_id)
        .bind(&product_ids)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|(id, title, kind, price)| {
            (
                id,
                TicketProductRef {
                    id,
                    title,
                    kind,
                    price: Money::ore(price),
                },
            )
        })
        .collect();
    for product in &mut content.tickets.products {
        product.product = product.product_id.and_then(|id| products.get(&id).cloned());
    }
    Ok(())
}
