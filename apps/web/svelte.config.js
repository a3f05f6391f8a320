// Svelte 5 compiles `<script lang="ts">` by itself; nothing to preprocess.
export default {};
