// Texts of the phone layout and the gate (issue 28): the menu button, the lists' filter button and
// cards, the gate's search and its cards.
export default {
  'app.menu': 'Menu',
  'list.filter': 'Filter',
  'list.filterTitle': 'Filter the list',
  'list.details': 'Details',
  'menu.gate': 'Gate',
  'gate.search': 'Plate or pickup order no.',
  'gate.hint': 'Any part of the plate (spaces and dashes do not matter) or the start of the order number. Only approved and in-progress requests are shown.',
  'gate.none': 'No approved or in-progress pickup request matches "{text}".',
  'gate.found': '{n} {n|request|requests} found',
  'gate.remaining': 'Remaining',
  'gate.ship': 'Ship',
  'gate.shipTitle': 'Ship against {number}',
  'gate.shipped': 'Outbound order {number} saved',
  'gate.call': 'Call',
} satisfies Record<string, string>;
