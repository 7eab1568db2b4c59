// Who may do what (issue 26): the 403 page, the read-only line, the Users page's roles and
// warehouses, the Settings page's rules and grants.
export default {
  'access.forbiddenTitle': 'No access',
  'access.askAdmin': 'An admin gives access: in Users (your roles) or in Settings (what each role may do).',
  'access.readOnly': 'You can read this page; {needs}',
  'users.roles': 'Roles',
  'users.rolesHint': 'What the account may do follows its roles; with several, the most each allows.',
  'users.warehouses': 'Warehouses',
  'users.warehousesHint': 'Limits pickup requests, warehouse documents and stock to these warehouses; none chosen: every warehouse.',
  'users.allWarehouses': 'All warehouses',
  'users.create': 'New user',
  'users.createTitle': 'New user',
  'users.temporaryHint': 'Give it to the user: at the first sign-in they choose their own.',
} satisfies Record<string, string>;
