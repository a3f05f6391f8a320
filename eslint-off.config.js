import base from '/work/wt-lead/eslint.config.js';
export default [...base, { rules: { '@typescript-eslint/no-unsafe-enum-assignment': 'off', '@typescript-eslint/no-unsafe-class-instance-assignment': 'off' } }];
