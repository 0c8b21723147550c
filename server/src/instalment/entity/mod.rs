//! Instalment tables: the reminders already claimed; the plans, an order's frozen plan and its
//! instalments are the `plan` area's (written at registration, below orders).

pub mod reminder;
