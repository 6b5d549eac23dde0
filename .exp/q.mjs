import mysql from 'mysql2/promise';
const pool = mysql.createPool({host:'127.0.0.1',user:'root',database:'exp_deep', connectionLimit: Number(process.env.C||10)});
const sql = process.env.Q || 'SELECT id FROM demo_goods ORDER BY createTime DESC, id DESC LIMIT 20 OFFSET 80000';
for (let i=0;i<3;i++){ const t=performance.now(); await pool.query(sql); console.log('single ms', (performance.now()-t).toFixed(1)); }
const N = Number(process.env.N||200); let done=0; const t0=performance.now();
const conc = Number(process.env.C||10);
await Promise.all(Array.from({length:conc}, async()=>{ while(done<N){ done++; await pool.query(sql);} }));
const s=(performance.now()-t0)/1000; console.log('conc',conc,'q/s',(N/s).toFixed(1));
await pool.end();
