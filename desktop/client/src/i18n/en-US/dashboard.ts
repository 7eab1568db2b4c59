// Texts of the home page (dashboard).
export default {
  'dash.stock': 'Stock by warehouse and commodity',
  'dash.noStock': 'No stock yet.',
  'dash.availableReserved': '{available} available · {reserved} reserved',
  'dash.pickupToday': 'Pickup requests for today ({date})',
  'dash.expiring': 'Licences expiring within 30 days',
  'dash.noExpiring': 'No licence expires within 30 days.',
  'dash.expired': 'expired {n} days ago',
  'dash.expiresToday': 'expires today',
  'dash.daysLeft': 'in {n} days',
  'dash.activity': 'Recent activity',
  'dash.noActivity': 'Nothing recorded yet.',
  'dash.all': 'See all',
  'dash.loadFailed': 'Could not load: {reason}',
} satisfies Record<string, string>;
