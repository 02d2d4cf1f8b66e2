export const id=110;export const ids=[110];export const modules={8787:(r,e,a)=>{

var t=a(3742);r.exports=t},3742:r=>{

function filled(r,e){var a;var t;a=[];for(t=0;t<e;t++){a.push(r)}return a}r.exports=filled},1830:(r,e,a)=>{

var t=a(1401);r.exports=t},1401:(r,e,a)=>{

var t=a(8787);function zeros(r){return t(0,r)}r.exports=zeros},9979:(r,e,a)=>{

var t=a(9714);var n=a(5878);var i=a(8520);var o;if(t()){o=n}else{o=i}r.exports=o},5878:r=>{

var e=typeof Float64Array==="function"?Float64Array:void 0;r.exports=e},8520:r=>{

function polyfill(){throw new Error("not implemented")}r.exports=polyfill},4826:(r,e,a)=>{

var t=a(5613);var n=a(3405);var i=a(523);var o;if(t()){o=n}else{o=i}r.exports=o},3405:r=>{

var e=typeof Uint16Array==="function"?Uint16Array:void 0;r.exports=e},523:r=>{

function polyfill(){throw new Error("not implemented")}r.exports=polyfill},7096:(r,e,a)=>{

var t=a(4171);var n=a(2399);var i=a(3689);var o;if(t()){o=n}else{o=i}r.exports=o},2399:r=>{

var e=typeof Uint32Array==="function"?Uint32Array:void 0;r.exports=e},3689:r=>{

function polyfill(){throw new Error("not implemented")}r.exports=polyfill},5183:(r,e,a)=>{

var t=a(4246);var n=a(8570);var i=a(5159);var o;if(t()){o=n}else{o=i}r.exports=o},8570:r=>{

var e=typeof Uint8Array==="function"?Uint8Array:void 0;r.exports=e},5159:r=>{

function polyfill(){throw new Error("not implemented")}r.exports=polyfill},5265:r=>{

var e=typeof Float64Array==="function"?Float64Array:null;r.exports=e},9714:(r,e,a)=>{

var t=a(6405);r.exports=t},6405:(r,e,a)=>{

var t=a(8529);var n=a(5265);function hasFloat64ArraySupport(){var r;var e;if(typeof n!=="function"){return false}try{e=new n([1,3.14,-3.14,NaN]);r=t(e)&&e[0]===1&&e[1]===3.14&&e[2]===-3.14&&e[3]!==e[3]}catch(e){r=false}return r}r.exports=hasFloat64ArraySupport},1907:(r,e,a)=>{

var t=a(4270);r.exports=t},4270:r=>{

var e=Object.prototype.hasOwnProperty;function hasOwnProp(r,a){if(r===void 0||r===null){return false}return e.call(r,a)}r.exports=hasOwnProp},5547:(r,e,a)=>{

var t=a(166);r.exports=t},166:r=>{

function hasSymbolSupport(){return typeof Symbol==="function"&&typeof Symbol("foo")==="symbol"}r.exports=hasSymbolSupport},9501:(r,e,a)=>{

var t=a(6284);r.exports=t},6284:(r,e,a)=>{

var t=a(5547);var n=t();function hasToStringTagSupport(){return n&&typeof Symbol.toStringTag==="symbol"}r.exports=hasToStringTagSupport},5613:(r,e,a)=>{

var t=a(2364);r.exports=t},2364:(r,e,a)=>{

var t=a(3599);var n=a(9034);var i=a(5929);function hasUint16ArraySupport(){var r;var e;if(typeof i!=="function"){return false}try{e=[1,3.14,-3.14,n+1,n+2];e=new i(e);r=t(e)&&e[0]===1&&e[1]===3&&e[2]===n-2&&e[3]===0&&e[4]===1}catch(e){r=false}return r}r.exports=hasUint16ArraySupport},5929:r=>{

var e=typeof Uint16Array==="function"?Uint16Array:null;r.exports=e},4171:(r,e,a)=>{

var t=a(8950);r.exports=t},8950:(r,e,a)=>{

var t=a(3209);var n=a(8035);var i=a(2709);function hasUint32ArraySupport(){var r;var e;if(typeof i!=="function"){return false}try{e=[1,3.14,-3.14,n+1,n+2];e=new i(e);r=t(e)&&e[0]===1&&e[1]===3&&e[2]===n-2&&e[3]===0&&e[4]===1}catch(e){r=false}return r}r.exports=hasUint32ArraySupport},2709:r=>{

var e=typeof Uint32Array==="function"?Uint32Array:null;r.exports=e},4246:(r,e,a)=>{

var t=a(249);r.exports=t},249:(r,e,a)=>{

var t=a(228);var n=a(2732);var i=a(5545);function hasUint8ArraySupport(){var r;var e;if(typeof i!=="function"){return false}try{e=[1,3.14,-3.14,n+1,n+2];e=new i(e);r=t(e)&&e[0]===1&&e[1]===3&&e[2]===n-2&&e[3]===0&&e[4]===1}catch(e){r=false}return r}r.exports=hasUint8ArraySupport},5545:r=>{

var e=typeof Uint8Array==="function"?Uint8Array:null;r.exports=e},8529:(r,e,a)=>{

var t=a(9820);r.exports=t},9820:(r,e,a)=>{

var t=a(547);var n=typeof Float64Array==="function";function isFloat64Array(r){return n&&r instanceof Float64Array||t(r)==="[object Float64Array]"}r.exports=isFloat64Array},7604:(r,e,a)=>{

var t=a(5183);var n=a(4826);var i={uint16:n,uint8:t};r.exports=i},347:(r,e,a)=>{

var t=a(7158);r.exports=t},7158:(r,e,a)=>{

var t=a(7604);var n;function isLittleEndian(){var r;var e;r=new t["uint16"](1);r[0]=4660;e=new t["uint8"](r.buffer);return e[0]===52}n=isLittleEndian();r.exports=n},3599:(r,e,a)=>{

var t=a(2394);r.exports=t},2394:(r,e,a)=>{

var t=a(547);var n=typeof Uint16Array==="function";function isUint16Array(r){return n&&r instanceof Uint16Array||t(r)==="[object Uint16Array]"}r.exports=isUint16Array},3209:(r,e,a)=>{

var t=a(8168);r.exports=t},8168:(r,e,a)=>{

var t=a(547);var n=typeof Uint32Array==="function";function isUint32Array(r){return n&&r instanceof Uint32Array||t(r)==="[object Uint32Array]"}r.exports=isUint32Array},228:(r,e,a)=>{

var t=a(7755);r.exports=t},7755:(r,e,a)=>{

var t=a(547);var n=typeof Uint8Array==="function";function isUint8Array(r){return n&&r instanceof Uint8Array||t(r)==="[object Uint8Array]"}r.exports=isUint8Array},1877:r=>{

var e=1023|0;r.exports=e},3935:r=>{

var e=2147483647>>>0;r.exports=e},222:r=>{

var e=2146435072;r.exports=e},5976:r=>{

var e=2147483648>>>0;r.exports=e},8910:r=>{

var e=1048575;r.exports=e},2656:r=>{

var e=-1023|0;r.exports=e},6276:r=>{

var e=1023|0;r.exports=e},4862:r=>{

var e=-1074|0;r.exports=e},1475:(r,e,a)=>{

var t=a(4241);var n=t.NEGATIVE_INFINITY;r.exports=n},9701:r=>{

var e=3.141592653589793;r.exports=e},469:r=>{

var e=Number.POSITIVE_INFINITY;r.exports=e},5417:r=>{

var e=22250738585072014e-324;r.exports=e},9034:r=>{

var e=65535|0;r.exports=e},8035:r=>{

var e=4294967295;r.exports=e},2732:r=>{

var e=255|0;r.exports=e},7234:(r,e,a)=>{

var t=a(661);r.exports=t},661:(r,e,a)=>{

var t=a(469);var n=a(1475);function isInfinite(r){return r===t||r===n}r.exports=isInfinite},6523:(r,e,a)=>{

var t=a(9382);r.exports=t},9382:r=>{

function isnan(r){return r!==r}r.exports=isnan},6590:(r,e,a)=>{

var t=a(7489);r.exports=t},7489:(r,e,a)=>{

var t=a(2334);function isNegativeInteger(r){return t(r)===r&&r<0}r.exports=isNegativeInteger},3270:(r,e,a)=>{

var t=a(8121);r.exports=t},8121:(r,e,a)=>{

var t=a(1475);function isNegativeZero(r){return r===0&&1/r===t}r.exports=isNegativeZero},4993:(r,e,a)=>{

var t=a(656);r.exports=t},656:(r,e,a)=>{

var t=a(2334);function isNonNegativeInteger(r){return t(r)===r&&r>=0}r.exports=isNonNegativeInteger},8485:(r,e,a)=>{

var t=a(7685);r.exports=t},7685:(r,e,a)=>{

var t=a(469);function isPositiveZero(r){return r===0&&1/r===t}r.exports=isPositiveZero},6260:(r,e,a)=>{

var t=a(8824);r.exports=t},8824:r=>{

function abs(r){return Math.abs(r)}r.exports=abs},3385:(r,e,a)=>{

var t=a(7640);r.exports=t},7640:r=>{

var e=Math.ceil;r.exports=e},5672:(r,e,a)=>{

var t=a(9775);r.exports=t},9775:(r,e,a)=>{

var t=a(5976);var n=a(3935);var i=a(7949);var o=a(2882);var v=a(7844);var f=[0,0];function copysign(r,e){var a;var s;i.assign(r,f,1,0);a=f[0];a&=n;s=o(e);s&=t;a|=s;return v(a,f[1])}r.exports=copysign},9191:(r,e,a)=>{

var t=a(4274);r.exports=t},4274:(r,e,a)=>{

var t=a(2882);var n=a(1567);var i=a(186);var o=a(3982);var v=a(3935);var f=a(222);var s=[0,0];var u=1072243195|0;var p=1044381696|0;function cos(r){var e;var a;e=t(r);e&=v;if(e<=u){if(e<p){return 1}return n(r,0)}if(e>=f){return NaN}a=o(r,s);switch(a&3){case 0:return n(s[0],s[1]);case 1:return-i(s[0],s[1]);case 2:return-n(s[0],s[1]);default:return i(s[0],s[1])}}r.exports=cos},988:(r,e,a)=>{

var t=a(4387);r.exports=t},4387:(r,e,a)=>{

var t=a(6523);var n=a(1851);var i=a(3786);var o=a(469);var v=a(1475);var f=a(8300);var s=a(8018);var u=a(675);var p=a(5266);var l=a(8925);var c=a(1332);var x=a(516);var y=a(9101);var d=1e-300;var g=13877787807814457e-33;var h=.8450629115104675;var m=.12837916709551256;var w=1;var b=-.0023621185607526594;var N=1;var A=-.009864944034847148;var S=1;var U=-.0098649429247001;var k=1;function erfc(r){var e;var a;var I;var _;var E;var F;var W;var T;if(t(r)){return NaN}if(r===o){return 0}if(r===v){return 2}if(r===0){return 1}if(r<0){e=true;a=-r}else{e=false;a=r}if(a<.84375){if(a<g){return 1-r}I=r*r;_=m+I*f(I);E=w+I*s(I);F=_/E;if(r<.25){return 1-(r+r*F)}_=r*F;_+=r-.5;return.5-_}if(a<1.25){E=a-1;W=b+E*u(E);T=N+E*p(E);if(e){return 1+h+W/T}return 1-h-W/T}if(a<28){E=1/(a*a);if(a<2.857142857142857){_=A+E*l(E);E=S+E*c(E)}else{if(r<-6){return 2-d}_=U+E*x(E);E=k+E*y(E)}I=i(a,0);_=n(-(I*I)-.5625)*n((I-a)*(I+a)+_/E);if(e){return 2-_/a}return _/a}if(e){return 2-d}return d*d}r.exports=erfc},675:r=>{

function evalpoly(r){if(r===0){return.41485611868374833}return.41485611868374833+r*(-.3722078760357013+r*(.31834661990116175+r*(-.11089469428239668+r*(.035478304325618236+r*-.002166375594868791))))}r.exports=evalpoly},8300:r=>{

function evalpoly(r){if(r===0){return-.3250421072470015}return-.3250421072470015+r*(-.02848174957559851+r*(-.005770270296489442+r*-23763016656650163e-21))}r.exports=evalpoly},5266:r=>{

function evalpoly(r){if(r===0){return.10642088040084423}return.10642088040084423+r*(.540397917702171+r*(.07182865441419627+r*(.12617121980876164+r*(.01363708391202905+r*.011984499846799107))))}r.exports=evalpoly},8018:r=>{

function evalpoly(r){if(r===0){return.39791722395915535}return.39791722395915535+r*(.0650222499887673+r*(.005081306281875766+r*(.00013249473800432164+r*-3960228278775368e-21)))}r.exports=evalpoly},8925:r=>{

function evalpoly(r){if(r===0){return-.6938585727071818}return-.6938585727071818+r*(-10.558626225323291+r*(-62.375332450326006+r*(-162.39666946257347+r*(-184.60509290671104+r*(-81.2874355063066+r*-9.814329344169145)))))}r.exports=evalpoly},516:r=>{

function evalpoly(r){if(r===0){return-.799283237680523}return-.799283237680523+r*(-17.757954917754752+r*(-160.63638485582192+r*(-637.5664433683896+r*(-1025.0951316110772+r*-483.5191916086514))))}r.exports=evalpoly},1332:r=>{

function evalpoly(r){if(r===0){return 19.651271667439257}return 19.651271667439257+r*(137.65775414351904+r*(434.56587747522923+r*(645.3872717332679+r*(429.00814002756783+r*(108.63500554177944+r*(6.570249770319282+r*-.0604244152148581))))))}r.exports=evalpoly},9101:r=>{

function evalpoly(r){if(r===0){return 30.33806074348246}return 30.33806074348246+r*(325.7925129965739+r*(1536.729586084437+r*(3199.8582195085955+r*(2553.0504064331644+r*(474.52854120695537+r*-22.44095244658582)))))}r.exports=evalpoly},3034:(r,e,a)=>{

var t=a(8349);r.exports=t},8349:(r,e,a)=>{

var t=a(6523);var n=a(5478);var i=a(1550);var o=a(469);var v=a(1475);var f=a(8944);var s=a(8776);var u=a(1964);var p=a(4932);var l=a(1376);var c=.08913147449493408;var x=2.249481201171875;var y=.807220458984375;var d=.9399557113647461;var g=.9836282730102539;function erfinv(r){var e;var a;var h;var m;var w;var b;if(t(r)){return NaN}if(r===1){return o}if(r===-1){return v}if(r===0){return r}if(r>1||r<-1){return NaN}if(r<0){e=-1;a=-r}else{e=1;a=r}m=1-a;if(a<=.5){w=a*(a+10);b=f(a);return e*(w*c+w*b)}if(m>=.25){w=n(-2*i(m));m-=.25;b=s(m);return e*(w/(x+b))}m=n(-i(m));if(m<3){h=m-1.125;b=u(h);return e*(y*m+b*m)}if(m<6){h=m-3;b=p(h);return e*(d*m+b*m)}h=m-6;b=l(h);return e*(g*m+b*m)}r.exports=erfinv},8944:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.0005087819496582806}if(r<0){e=-r}else{e=r}if(e<=1){a=-.0005087819496582806+r*(-.008368748197417368+r*(.03348066254097446+r*(-.012692614766297404+r*(-.03656379714117627+r*(.02198786811111689+r*(.008226878746769157+r*(-.005387729650712429+r*(0+r*0))))))));t=1+r*(-.9700050433032906+r*(-1.5657455823417585+r*(1.5622155839842302+r*(.662328840472003+r*(-.7122890234154284+r*(-.05273963823400997+r*(.07952836873415717+r*(-.0023339375937419+r*.0008862163904564247))))))))}else{r=1/r;a=0+r*(0+r*(-.005387729650712429+r*(.008226878746769157+r*(.02198786811111689+r*(-.03656379714117627+r*(-.012692614766297404+r*(.03348066254097446+r*(-.008368748197417368+r*-.0005087819496582806))))))));t=.0008862163904564247+r*(-.0023339375937419+r*(.07952836873415717+r*(-.05273963823400997+r*(-.7122890234154284+r*(.662328840472003+r*(1.5622155839842302+r*(-1.5657455823417585+r*(-.9700050433032906+r*1))))))))}return a/t}r.exports=evalrational},8776:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.20243350835593876}if(r<0){e=-r}else{e=r}if(e<=1){a=-.20243350835593876+r*(.10526468069939171+r*(8.3705032834312+r*(17.644729840837403+r*(-18.851064805871424+r*(-44.6382324441787+r*(17.445385985570866+r*(21.12946554483405+r*-3.6719225470772936)))))));t=1+r*(6.242641248542475+r*(3.971343795334387+r*(-28.66081804998+r*(-20.14326346804852+r*(48.560921310873994+r*(10.826866735546016+r*(-22.643693341313973+r*1.7211476576120028)))))))}else{r=1/r;a=-3.6719225470772936+r*(21.12946554483405+r*(17.445385985570866+r*(-44.6382324441787+r*(-18.851064805871424+r*(17.644729840837403+r*(8.3705032834312+r*(.10526468069939171+r*-.20243350835593876)))))));t=1.7211476576120028+r*(-22.643693341313973+r*(10.826866735546016+r*(48.560921310873994+r*(-20.14326346804852+r*(-28.66081804998+r*(3.971343795334387+r*(6.242641248542475+r*1)))))))}return a/t}r.exports=evalrational},1964:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.1311027816799519}if(r<0){e=-r}else{e=r}if(e<=1){a=-.1311027816799519+r*(-.16379404719331705+r*(.11703015634199525+r*(.38707973897260434+r*(.3377855389120359+r*(.14286953440815717+r*(.029015791000532906+r*(.0021455899538880526+r*(-6.794655751811263e-7+r*(2.8522533178221704e-8+r*-6.81149956853777e-10)))))))));t=1+r*(3.4662540724256723+r*(5.381683457070069+r*(4.778465929458438+r*(2.5930192162362027+r*(.848854343457902+r*(.15226433829533179+r*(.011059242293464892+r*(0+r*(0+r*0)))))))))}else{r=1/r;a=-6.81149956853777e-10+r*(2.8522533178221704e-8+r*(-6.794655751811263e-7+r*(.0021455899538880526+r*(.029015791000532906+r*(.14286953440815717+r*(.3377855389120359+r*(.38707973897260434+r*(.11703015634199525+r*(-.16379404719331705+r*-.1311027816799519)))))))));t=0+r*(0+r*(0+r*(.011059242293464892+r*(.15226433829533179+r*(.848854343457902+r*(2.5930192162362027+r*(4.778465929458438+r*(5.381683457070069+r*(3.4662540724256723+r*1)))))))))}return a/t}r.exports=evalrational},4932:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.0350353787183178}if(r<0){e=-r}else{e=r}if(e<=1){a=-.0350353787183178+r*(-.0022242652921344794+r*(.018557330651423107+r*(.009508047013259196+r*(.0018712349281955923+r*(.00015754461742496055+r*(460469890584318e-20+r*(-2.304047769118826e-10+r*26633922742578204e-28)))))));t=1+r*(1.3653349817554064+r*(.7620591645536234+r*(.22009110576413124+r*(.03415891436709477+r*(.00263861676657016+r*(7646752923027944e-20+r*(0+r*0)))))))}else{r=1/r;a=26633922742578204e-28+r*(-2.304047769118826e-10+r*(460469890584318e-20+r*(.00015754461742496055+r*(.0018712349281955923+r*(.009508047013259196+r*(.018557330651423107+r*(-.0022242652921344794+r*-.0350353787183178)))))));t=0+r*(0+r*(7646752923027944e-20+r*(.00263861676657016+r*(.03415891436709477+r*(.22009110576413124+r*(.7620591645536234+r*(1.3653349817554064+r*1)))))))}return a/t}r.exports=evalrational},1376:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.016743100507663373}if(r<0){e=-r}else{e=r}if(e<=1){a=-.016743100507663373+r*(-.0011295143874558028+r*(.001056288621524929+r*(.00020938631748758808+r*(14962478375834237e-21+r*(4.4969678992770644e-7+r*(4.625961635228786e-9+r*(-2811287356288318e-29+r*9905570997331033e-32)))))));t=1+r*(.5914293448864175+r*(.1381518657490833+r*(.016074608709367652+r*(.0009640118070051656+r*(27533547476472603e-21+r*(2.82243172016108e-7+r*(0+r*0)))))))}else{r=1/r;a=9905570997331033e-32+r*(-2811287356288318e-29+r*(4.625961635228786e-9+r*(4.4969678992770644e-7+r*(14962478375834237e-21+r*(.00020938631748758808+r*(.001056288621524929+r*(-.0011295143874558028+r*-.016743100507663373)))))));t=0+r*(0+r*(2.82243172016108e-7+r*(27533547476472603e-21+r*(.0009640118070051656+r*(.016074608709367652+r*(.1381518657490833+r*(.5914293448864175+r*1)))))))}return a/t}r.exports=evalrational},6567:(r,e,a)=>{

var t=a(3291);var n=a(1589);function expmulti(r,e,a){var i;var o;var v;var f;i=r-e;o=i*i;v=i-o*n(o);f=1-(e-i*v/(2-v)-r);return t(f,a)}r.exports=expmulti},1851:(r,e,a)=>{

var t=a(1878);r.exports=t},1878:(r,e,a)=>{

var t=a(6523);var n=a(1262);var i=a(1475);var o=a(469);var v=a(6567);var f=.6931471803691238;var s=1.9082149292705877e-10;var u=1.4426950408889634;var p=709.782712893384;var l=-745.1332191019411;var c=1/(1<<28);var x=-c;function exp(r){var e;var a;var y;if(t(r)||r===o){return r}if(r===i){return 0}if(r>p){return o}if(r<l){return 0}if(r>x&&r<c){return 1+r}if(r<0){y=n(u*r-.5)}else{y=n(u*r+.5)}e=r-y*f;a=y*s;return v(e,a,y)}r.exports=exp},1589:r=>{

function evalpoly(r){if(r===0){return.16666666666666602}return.16666666666666602+r*(-.0027777777777015593+r*(6613756321437934e-20+r*(-16533902205465252e-22+r*4.1381367970572385e-8)))}r.exports=evalpoly},297:(r,e,a)=>{

var t=a(2408);r.exports=t},2408:(r,e,a)=>{

var t=a(6590);var n=a(7711);function factorialln(r){if(t(r)){return NaN}return n(r+1)}r.exports=factorialln},2334:(r,e,a)=>{

var t=a(5681);r.exports=t},5681:r=>{

var e=Math.floor;r.exports=e},7711:(r,e,a)=>{

var t=a(8554);r.exports=t},8554:(r,e,a)=>{

var t=a(6523);var n=a(7234);var i=a(6260);var o=a(1550);var v=a(1262);var f=a(8901);var s=a(9701);var u=a(469);var p=a(9303);var l=a(5690);var c=a(1271);var x=a(7120);var y=a(2778);var d=a(6503);var g=a(2352);var h=a(7942);var m=a(5059);var w=a(9596);var b=.07721566490153287;var N=.3224670334241136;var A=1;var S=-.07721566490153287;var U=.48383612272381005;var k=-.1475877229945939;var I=.06462494023913339;var _=-.07721566490153287;var E=1;var F=.4189385332046727;var W=1.4616321449683622;var T=4503599627370496;var P=72057594037927940;var O=13877787807814457e-33;var j=1.4616321449683622;var z=-.12148629053584961;var C=-3638676997039505e-33;function gammaln(r){var e;var a;var L;var V;var H;var M;var R;var Z;var $;var q;var G;var D;var X;if(t(r)||n(r)){return r}if(r===0){return u}if(r<0){e=true;r=-r}else{e=false}if(r<O){return-o(r)}if(e){if(r>=T){return u}$=f(r);if($===0){return u}a=o(s/i($*r))}if(r===1||r===2){return 0}if(r<2){if(r<=.9){X=-o(r);if(r>=W-1+.27){G=1-r;L=0}else if(r>=W-1-.27){G=r-(j-1);L=1}else{G=r;L=2}}else{X=0;if(r>=W+.27){G=2-r;L=0}else if(r>=W-.27){G=r-j;L=1}else{G=r-1;L=2}}switch(L){case 0:D=G*G;M=b+D*p(D);H=D*(N+D*l(D));R=G*M+H;X+=R-.5*G;break;case 1:D=G*G;q=D*G;M=U+q*y(q);H=k+q*d(q);V=I+q*g(q);R=D*M-(C-q*(H+G*V));X+=z+R;break;case 2:M=G*(_+G*h(G));H=E+G*m(G);X+=-.5*G+M/H;break}}else if(r<8){L=v(r);G=r-L;R=G*(S+G*x(G));Z=A+G*c(G);X=.5*G+R/Z;D=1;switch(L){case 7:D*=G+6;case 6:D*=G+5;case 5:D*=G+4;case 4:D*=G+3;case 3:D*=G+2;X+=o(D)}}else if(r<P){$=o(r);D=1/r;G=D*D;q=F+D*w(G);X=(r-.5)*($-1)+q}else{X=r*(o(r)-1)}if(e){X=a-X}return X}r.exports=gammaln},9303:r=>{

function evalpoly(r){if(r===0){return.06735230105312927}return.06735230105312927+r*(.007385550860814029+r*(.0011927076318336207+r*(.00022086279071390839+r*25214456545125733e-21)))}r.exports=evalpoly},5690:r=>{

function evalpoly(r){if(r===0){return.020580808432516733}return.020580808432516733+r*(.0028905138367341563+r*(.0005100697921535113+r*(.00010801156724758394+r*44864094961891516e-21)))}r.exports=evalpoly},1271:r=>{

function evalpoly(r){if(r===0){return 1.3920053346762105}return 1.3920053346762105+r*(.7219355475671381+r*(.17193386563280308+r*(.01864591917156529+r*(.0007779424963818936+r*7326684307446256e-21))))}r.exports=evalpoly},7120:r=>{

function evalpoly(r){if(r===0){return.21498241596060885}return.21498241596060885+r*(.325778796408931+r*(.14635047265246445+r*(.02664227030336386+r*(.0018402845140733772+r*3194753265841009e-20))))}r.exports=evalpoly},2778:r=>{

function evalpoly(r){if(r===0){return-.032788541075985965}return-.032788541075985965+r*(.006100538702462913+r*(-.0014034646998923284+r*.00031563207090362595))}r.exports=evalpoly},6503:r=>{

function evalpoly(r){if(r===0){return.01797067508118204}return.01797067508118204+r*(-.0036845201678113826+r*(.000881081882437654+r*-.00031275416837512086))}r.exports=evalpoly},2352:r=>{

function evalpoly(r){if(r===0){return-.010314224129834144}return-.010314224129834144+r*(.0022596478090061247+r*(-.0005385953053567405+r*.0003355291926355191))}r.exports=evalpoly},7942:r=>{

function evalpoly(r){if(r===0){return.6328270640250934}return.6328270640250934+r*(1.4549225013723477+r*(.9777175279633727+r*(.22896372806469245+r*.013381091853678766)))}r.exports=evalpoly},5059:r=>{

function evalpoly(r){if(r===0){return 2.4559779371304113}return 2.4559779371304113+r*(2.128489763798934+r*(.7692851504566728+r*(.10422264559336913+r*.003217092422824239)))}r.exports=evalpoly},9596:r=>{

function evalpoly(r){if(r===0){return.08333333333333297}return.08333333333333297+r*(-.0027777777772877554+r*(.0007936505586430196+r*(-.00059518755745034+r*(.0008363399189962821+r*-.0016309293409657527))))}r.exports=evalpoly},1567:(r,e,a)=>{

var t=a(4010);r.exports=t},4010:(r,e,a)=>{

var t=a(5732);var n=a(3242);function kernelCos(r,e){var a;var i;var o;var v;v=r*r;o=v*v;i=v*t(v);i+=o*o*n(v);a=.5*v;o=1-a;return o+(1-o-a+(v*i-r*e))}r.exports=kernelCos},5732:r=>{

function evalpoly(r){if(r===0){return.0416666666666666}return.0416666666666666+r*(-.001388888888887411+r*2480158728947673e-20)}r.exports=evalpoly},3242:r=>{

function evalpoly(r){if(r===0){return-2.7557314351390663e-7}return-2.7557314351390663e-7+r*(2.087572321298175e-9+r*-11359647557788195e-27)}r.exports=evalpoly},186:(r,e,a)=>{

var t=a(7485);r.exports=t},7485:r=>{

var e=-.16666666666666632;var a=.00833333333332249;var t=-.0001984126982985795;var n=27557313707070068e-22;var i=-2.5050760253406863e-8;var o=1.58969099521155e-10;function kernelSin(r,v){var f;var s;var u;var p;p=r*r;u=p*p;f=a+p*(t+p*n)+p*u*(i+p*o);s=p*r;if(v===0){return r+s*(e+p*f)}return r-(p*(.5*v-s*f)-v-s*e)}r.exports=kernelSin},3291:(r,e,a)=>{

var t=a(3078);r.exports=t},3078:(r,e,a)=>{

var t=a(469);var n=a(1475);var i=a(1877);var o=a(6276);var v=a(2656);var f=a(4862);var s=a(6523);var u=a(7234);var p=a(5672);var l=a(9335).assign;var c=a(6075);var x=a(7949);var y=a(7844);var d=2220446049250313e-31;var g=2148532223>>>0;var h=[0,0];var m=[0,0];function ldexp(r,e){var a;var w;if(e===0||r===0||s(r)||u(r)){return r}l(r,h,1,0);r=h[0];e+=h[1];e+=c(r);if(e<f){return p(0,r)}if(e>o){if(r<0){return n}return t}if(e<=v){e+=52;w=d}else{w=1}x.assign(r,m,1,0);a=m[0];a&=g;a|=e+i<<20;return w*y(a,m[1])}r.exports=ldexp},1550:(r,e,a)=>{

var t=a(5553);r.exports=t},5553:(r,e,a)=>{

var t=a(2882);var n=a(5990);var i=a(6523);var o=a(1877);var v=a(1475);var f=a(6488);var s=a(1103);var u=.6931471803691238;var p=1.9082149292705877e-10;var l=0x40000000000000;var c=.3333333333333333;var x=1048575|0;var y=2146435072|0;var d=1048576|0;var g=1072693248|0;function ln(r){var e;var a;var h;var m;var w;var b;var N;var A;var S;var U;var k;var I;if(r===0){return v}if(i(r)||r<0){return NaN}a=t(r);w=0|0;if(a<d){w-=54|0;r*=l;a=t(r)}if(a>=y){return r+r}w+=(a>>20)-o|0;a&=x;A=a+614244&1048576|0;r=n(r,a|A^g);w+=A>>20|0;N=r-1;if((x&2+a)<3){if(N===0){if(w===0){return 0}return w*u+w*p}b=N*N*(.5-c*N);if(w===0){return N-b}return w*u-(b-w*p-N)}U=N/(2+N);I=U*U;A=a-398458|0;k=I*I;S=440401-a|0;m=k*f(k);h=I*s(k);A|=S;b=h+m;if(A>0){e=.5*N*N;if(w===0){return N-(e-U*(e+b))}return w*u-(e-(U*(e+b)+w*p)-N)}if(w===0){return N-U*(N-b)}return w*u-(U*(N-b)-w*p-N)}r.exports=ln},6488:r=>{

function evalpoly(r){if(r===0){return.3999999999940942}return.3999999999940942+r*(.22222198432149784+r*.15313837699209373)}r.exports=evalpoly},1103:r=>{

function evalpoly(r){if(r===0){return.6666666666666735}return.6666666666666735+r*(.2857142874366239+r*(.1818357216161805+r*.14798198605116586))}r.exports=evalpoly},2974:(r,e,a)=>{

var t=a(8641);r.exports=t},8641:(r,e,a)=>{

var t=a(8485);var n=a(6523);var i=a(469);function max(r,e){if(n(r)||n(e)){return NaN}if(r===i||e===i){return i}if(r===e&&r===0){if(t(r)){return r}return e}if(r>e){return r}return e}r.exports=max},8008:(r,e,a)=>{

var t=a(9503);r.exports=t},9503:(r,e,a)=>{

var t=a(3270);var n=a(6523);var i=a(1475);function min(r,e){if(n(r)||n(e)){return NaN}if(r===i||e===i){return i}if(r===e&&r===0){if(t(r)){return r}return e}if(r<e){return r}return e}r.exports=min},3982:(r,e,a)=>{

var t=a(4385);r.exports=t},7236:(r,e,a)=>{

var t=a(2334);var n=a(3291);var i=a(1830);var o=[10680707,7228996,1387004,2578385,16069853,12639074,9804092,4427841,16666979,11263675,12935607,2387514,4345298,14681673,3074569,13734428,16653803,1880361,10960616,8533493,3062596,8710556,7349940,6258241,3772886,3769171,3798172,8675211,12450088,3874808,9961438,366607,15675153,9132554,7151469,3571407,2607881,12013382,4155038,6285869,7677882,13102053,15825725,473591,9065106,15363067,6271263,9264392,5636912,4652155,7056368,13614112,10155062,1944035,9527646,15080200,6658437,6231200,6832269,16767104,5075751,3212806,1398474,7579849,6349435,12618859];var v=[1.570796251296997,7.549789415861596e-8,5390302529957765e-30,3282003415807913e-37,1270655753080676e-44,12293330898111133e-52,27337005381646456e-60,21674168387780482e-67];var f=16777216;var s=5.960464477539063e-8;var u=i(20);var p=i(20);var l=i(20);var c=i(20);function compute(r,e,a,i,u,p,x,y,d){var g;var h;var m;var w;var b;var N;var A;var S;var U;w=p;U=i[a];S=a;for(b=0;S>0;b++){h=s*U|0;c[b]=U-f*h|0;U=i[S-1]+h;S-=1}U=n(U,u);U-=8*t(U*.125);A=U|0;U-=A;m=0;if(u>0){b=c[a-1]>>24-u;A+=b;c[a-1]-=b<<24-u;m=c[a-1]>>23-u}else if(u===0){m=c[a-1]>>23}else if(U>=.5){m=2}if(m>0){A+=1;g=0;for(b=0;b<a;b++){S=c[b];if(g===0){if(S!==0){g=1;c[b]=16777216-S}}else{c[b]=16777215-S}}if(u>0){switch(u){case 1:c[a-1]&=8388607;break;case 2:c[a-1]&=4194303;break}}if(m===2){U=1-U;if(g!==0){U-=n(1,u)}}}if(U===0){S=0;for(b=a-1;b>=p;b--){S|=c[b]}if(S===0){for(N=1;c[p-N]===0;N++){}for(b=a+1;b<=a+N;b++){d[y+b]=o[x+b];h=0;for(S=0;S<=y;S++){h+=r[S]*d[y+(b-S)]}i[b]=h}a+=N;return compute(r,e,a,i,u,p,x,y,d)}a-=1;u-=24;while(c[a]===0){a-=1;u-=24}}else{U=n(U,-u);if(U>=f){h=s*U|0;c[a]=U-f*h|0;a+=1;u+=24;c[a]=h}else{c[a]=U|0}}h=n(1,u);for(b=a;b>=0;b--){i[b]=h*c[b];h*=s}for(b=a;b>=0;b--){h=0;for(N=0;N<=w&&N<=a-b;N++){h+=v[N]*i[b+N]}l[a-b]=h}h=0;for(b=a;b>=0;b--){h+=l[b]}if(m===0){e[0]=h}else{e[0]=-h}h=l[0]-h;for(b=1;b<=a;b++){h+=l[b]}if(m===0){e[1]=h}else{e[1]=-h}return A&7}function kernelRempio2(r,e,a,t){var n;var i;var v;var f;var s;var l;var c;var x;var y;i=4;f=t-1;v=(a-3)/24|0;if(v<0){v=0}l=a-24*(v+1);x=v-f;y=f+i;for(c=0;c<=y;c++){if(x<0){u[c]=0}else{u[c]=o[x]}x+=1}for(c=0;c<=i;c++){n=0;for(x=0;x<=f;x++){n+=r[x]*u[f+(c-x)]}p[c]=n}s=i;return compute(r,e,s,p,l,i,v,f,u)}r.exports=kernelRempio2},4385:(r,e,a)=>{

var t=a(3935);var n=a(222);var i=a(8910);var o=a(2882);var v=a(1662);var f=a(7844);var s=a(7236);var u=a(499);var p=0;var l=16777216;var c=1.5707963267341256;var x=6077100506506192e-26;var y=2*x;var d=3*x;var g=4*x;var h=598523|0;var m=1072243195|0;var w=1073928572|0;var b=1074752122|0;var N=1074977148|0;var A=1075183036|0;var S=1075388923|0;var U=1075594811|0;var k=1094263291|0;var I=[0,0,0];var _=[0,0];function rempio2(r,e){var a;var E;var F;var W;var T;var P;var O;var j;F=o(r)|0;W=F&t|0;if(W<=m){e[0]=r;e[1]=0;return 0}if(W<=b){if((W&i)===h){return u(r,W,e)}if(W<=w){if(F>0){j=r-c;e[0]=j-x;e[1]=j-e[0]-x;return 1}j=r+c;e[0]=j+x;e[1]=j-e[0]+x;return-1}if(F>0){j=r-2*c;e[0]=j-y;e[1]=j-e[0]-y;return 2}j=r+2*c;e[0]=j+y;e[1]=j-e[0]+y;return-2}if(W<=U){if(W<=A){if(W===N){return u(r,W,e)}if(F>0){j=r-3*c;e[0]=j-d;e[1]=j-e[0]-d;return 3}j=r+3*c;e[0]=j+d;e[1]=j-e[0]+d;return-3}if(W===S){return u(r,W,e)}if(F>0){j=r-4*c;e[0]=j-g;e[1]=j-e[0]-g;return 4}j=r+4*c;e[0]=j+g;e[1]=j-e[0]+g;return-4}if(W<k){return u(r,W,e)}if(W>=n){e[0]=NaN;e[1]=NaN;return 0}a=v(r);E=(W>>20)-1046;j=f(W-(E<<20|0),a);for(P=0;P<2;P++){I[P]=j|0;j=(j-I[P])*l}I[2]=j;T=3;while(I[T-1]===p){T-=1}O=s(I,_,E,T,1);if(F<0){e[0]=-_[0];e[1]=-_[1];return-O}e[0]=_[0];e[1]=_[1];return O}r.exports=rempio2},499:(r,e,a)=>{

var t=a(8972);var n=a(2882);var i=.6366197723675814;var o=1.5707963267341256;var v=6077100506506192e-26;var f=6077100506303966e-26;var s=20222662487959506e-37;var u=20222662487111665e-37;var p=84784276603689e-45;var l=2047|0;function rempio2Medium(r,e,a){var c;var x;var y;var d;var g;var h;var m;x=t(r*i);d=r-x*o;g=x*v;m=e>>20|0;a[0]=d-g;c=n(a[0]);h=m-(c>>20&l);if(h>16){y=d;g=x*f;d=y-g;g=x*s-(y-d-g);a[0]=d-g;c=n(a[0]);h=m-(c>>20&l);if(h>49){y=d;g=x*u;d=y-g;g=x*p-(y-d-g);a[0]=d-g}}a[1]=d-a[0]-g;return x}r.exports=rempio2Medium},8972:(r,e,a)=>{

var t=a(6547);r.exports=t},6547:r=>{

var e=Math.round;r.exports=e},1794:(r,e,a)=>{

var t=a(3205);r.exports=t},3205:(r,e,a)=>{

var t=a(3935);var n=a(222);var i=a(2882);var o=a(1567);var v=a(186);var f=a(3982);var s=1072243195|0;var u=1045430272|0;var p=[0,0];function sin(r){var e;var a;e=i(r);e&=t;if(e<=s){if(e<u){return r}return v(r,0)}if(e>=n){return NaN}a=f(r,p);switch(a&3){case 0:return v(p[0],p[1]);case 1:return o(p[0],p[1]);case 2:return-v(p[0],p[1]);default:return-o(p[0],p[1])}}r.exports=sin},8901:(r,e,a)=>{

var t=a(3012);r.exports=t},3012:(r,e,a)=>{

var t=a(6523);var n=a(7234);var i=a(9191);var o=a(1794);var v=a(6260);var f=a(5672);var s=a(9701);function sinpi(r){var e;var a;if(t(r)){return NaN}if(n(r)){return NaN}a=r%2;e=v(a);if(e===0||e===1){return f(0,a)}if(e<.25){return o(s*a)}if(e<.75){e=.5-e;return f(i(s*e),a)}if(e<1.25){a=f(1,a)-a;return o(s*a)}if(e<1.75){e-=1.5;return-f(i(s*e),a)}a-=f(2,a);return o(s*a)}r.exports=sinpi},5478:(r,e,a)=>{

var t=a(1689);r.exports=t},1689:r=>{

var e=Math.sqrt;r.exports=e},1262:(r,e,a)=>{

var t=a(2657);r.exports=t},2657:(r,e,a)=>{

var t=a(2334);var n=a(3385);function trunc(r){if(r<0){return n(r)}return t(r)}r.exports=trunc},4241:(r,e,a)=>{

var t=a(7696);r.exports=t},7696:r=>{

r.exports=Number},6075:(r,e,a)=>{

var t=a(7014);r.exports=t},7014:(r,e,a)=>{

var t=a(2882);var n=a(222);var i=a(1877);function exponent(r){var e=t(r);e=(e&n)>>>20;return e-i|0}r.exports=exponent},7844:(r,e,a)=>{

var t=a(5259);r.exports=t},9593:(r,e,a)=>{

var t=a(347);var n;var i;var o;if(t===true){i=1;o=0}else{i=0;o=1}n={HIGH:i,LOW:o};r.exports=n},5259:(r,e,a)=>{

var t=a(7096);var n=a(9979);var i=a(9593);var o=new n(1);var v=new t(o.buffer);var f=i.HIGH;var s=i.LOW;function fromWords(r,e){v[f]=r;v[s]=e;return o[0]}r.exports=fromWords},9828:(r,e,a)=>{

var t=a(347);var n;if(t===true){n=1}else{n=0}r.exports=n},2882:(r,e,a)=>{

var t=a(6053);r.exports=t},6053:(r,e,a)=>{

var t=a(7096);var n=a(9979);var i=a(9828);var o=new n(1);var v=new t(o.buffer);function getHighWord(r){o[0]=r;return v[i]}r.exports=getHighWord},1662:(r,e,a)=>{

var t=a(3761);r.exports=t},5844:(r,e,a)=>{

var t=a(347);var n;if(t===true){n=0}else{n=1}r.exports=n},3761:(r,e,a)=>{

var t=a(7096);var n=a(9979);var i=a(5844);var o=new n(1);var v=new t(o.buffer);function getLowWord(r){o[0]=r;return v[i]}r.exports=getLowWord},750:(r,e,a)=>{

var t=a(5417);var n=a(7234);var i=a(6523);var o=a(6260);var v=4503599627370496;function normalize(r,e,a,f){if(i(r)||n(r)){e[f]=r;e[f+a]=0;return e}if(r!==0&&o(r)<t){e[f]=r*v;e[f+a]=-52;return e}e[f]=r;e[f+a]=0;return e}r.exports=normalize},9335:(r,e,a)=>{

var t=a(4568);var n=a(6754);var i=a(750);t(n,"assign",i);r.exports=n},6754:(r,e,a)=>{

var t=a(750);function normalize(r){return t(r,[0,0],1,0)}r.exports=normalize},2880:(r,e,a)=>{

var t=a(347);var n;if(t===true){n=1}else{n=0}r.exports=n},5990:(r,e,a)=>{

var t=a(6921);r.exports=t},6921:(r,e,a)=>{

var t=a(7096);var n=a(9979);var i=a(2880);var o=new n(1);var v=new t(o.buffer);function setHighWord(r,e){o[0]=r;v[i]=e>>>0;return o[0]}r.exports=setHighWord},3786:(r,e,a)=>{

var t=a(253);r.exports=t},9760:(r,e,a)=>{

var t=a(347);var n;if(t===true){n=0}else{n=1}r.exports=n},253:(r,e,a)=>{

var t=a(7096);var n=a(9979);var i=a(9760);var o=new n(1);var v=new t(o.buffer);function setLowWord(r,e){o[0]=r;v[i]=e>>>0;return o[0]}r.exports=setLowWord},5132:(r,e,a)=>{

var t=a(7096);var n=a(9979);var i=a(3808);var o=new n(1);var v=new t(o.buffer);var f=i.HIGH;var s=i.LOW;function toWords(r,e,a,t){o[0]=r;e[t]=v[f];e[t+a]=v[s];return e}r.exports=toWords},7949:(r,e,a)=>{

var t=a(4568);var n=a(6364);var i=a(5132);t(n,"assign",i);r.exports=n},3808:(r,e,a)=>{

var t=a(347);var n;var i;var o;if(t===true){i=1;o=0}else{i=0;o=1}n={HIGH:i,LOW:o};r.exports=n},6364:(r,e,a)=>{

var t=a(5132);function toWords(r){return t(r,[0>>>0,0>>>0],1,0)}r.exports=toWords},9073:(r,e,a)=>{

var t=a(3084);var n=a(6523);function factory(r){if(n(r)){return t(NaN)}return cdf;function cdf(e){if(n(e)){return NaN}return e<r?0:1}}r.exports=factory},8984:(r,e,a)=>{

var t=a(4568);var n=a(7782);var i=a(9073);t(n,"factory",i);r.exports=n},7782:(r,e,a)=>{

var t=a(6523);function cdf(r,e){if(t(r)||t(e)){return NaN}return r<e?0:1}r.exports=cdf},2895:(r,e,a)=>{

var t=a(3084);var n=a(6523);function factory(r){if(n(r)){return t(NaN)}return quantile;function quantile(e){if(n(e)||e<0||e>1){return NaN}return r}}r.exports=factory},3925:(r,e,a)=>{

var t=a(4568);var n=a(3844);var i=a(2895);t(n,"factory",i);r.exports=n},3844:(r,e,a)=>{

var t=a(6523);function quantile(r,e){if(t(r)||r<0||r>1){return NaN}return e}r.exports=quantile},9646:(r,e,a)=>{

var t=a(4993);var n=a(6523);var i=a(3084);var o=a(1851);var v=a(297);var f=a(2974);var s=a(8008);var u=a(469);function factory(r,e,a){var p;var l;if(n(r)||n(e)||n(a)||!t(r)||!t(e)||!t(a)||r===u||e===u||e>r||a>r){return i(NaN)}l=f(0,a+e-r);p=s(e,a);return pmf;function pmf(i){var f;var s;var u;if(n(i)){return NaN}if(t(i)&&l<=i&&i<=p){s=v(a)+v(e)+v(r-a)+v(r-e);f=v(r)+v(i)+v(a-i);f+=v(e-i)+v(r-e+i-a);u=s-f;return o(u)}return 0}}r.exports=factory},7392:(r,e,a)=>{

var t=a(4568);var n=a(9383);var i=a(9646);t(n,"factory",i);r.exports=n},9383:(r,e,a)=>{

var t=a(4993);var n=a(6523);var i=a(1851);var o=a(297);var v=a(2974);var f=a(8008);var s=a(469);function pmf(r,e,a,u){var p;var l;var c;var x;var y;if(n(r)||n(e)||n(a)||n(u)||!t(e)||!t(a)||!t(u)||e===s||a===s||a>e||u>e){return NaN}y=v(0,u+a-e);x=f(a,u);if(t(r)&&y<=r&&r<=x){l=o(u)+o(a)+o(e-u)+o(e-a);p=o(e)+o(r)+o(u-r);p+=o(a-r)+o(e-a+r-u);c=l-p;return i(c)}return 0}r.exports=pmf},1250:(r,e,a)=>{

var t=a(3084);var n=a(8984).factory;var i=a(6523);var o=a(5478);var v=a(988);function factory(r,e){var a;if(i(r)||i(e)||e<0){return t(NaN)}if(e===0){return n(r)}a=e*o(2);return cdf;function cdf(e){var t;if(i(e)){return NaN}t=e-r;return.5*v(-t/a)}}r.exports=factory},2484:(r,e,a)=>{

var t=a(4568);var n=a(1643);var i=a(1250);t(n,"factory",i);r.exports=n},1643:(r,e,a)=>{

var t=a(988);var n=a(5478);var i=a(6523);function cdf(r,e,a){var o;var v;if(i(r)||i(e)||i(a)||a<0){return NaN}if(a===0){return r<e?0:1}o=a*n(2);v=r-e;return.5*t(-v/o)}r.exports=cdf},9354:(r,e,a)=>{

var t=a(3084);var n=a(3925).factory;var i=a(3034);var o=a(6523);var v=a(5478);function factory(r,e){var a;var f;if(o(r)||o(e)||e<0){return t(NaN)}if(e===0){n(r)}a=r;f=e*v(2);return quantile;function quantile(r){if(o(r)||r<0||r>1){return NaN}return a+f*i(2*r-1)}}r.exports=factory},6060:(r,e,a)=>{

var t=a(4568);var n=a(4739);var i=a(9354);t(n,"factory",i);r.exports=n},4739:(r,e,a)=>{

var t=a(3034);var n=a(6523);var i=a(5478);function quantile(r,e,a){var o;var v;if(n(e)||n(a)||n(r)||a<0||r<0||r>1){return NaN}if(a===0){return e}o=e;v=a*i(2);return o+v*t(2*r-1)}r.exports=quantile},2029:r=>{

var e=Math.abs;var a=String.prototype.toLowerCase;var t=String.prototype.toUpperCase;var n=String.prototype.replace;var i=/e\+(\d)$/;var o=/e-(\d)$/;var v=/^(\d+)$/;var f=/^(\d+)e/;var s=/\.0$/;var u=/\.0*e/;var p=/(\..*[^0])0*e/;function formatDouble(r,l){var c;var x;switch(l.specifier){case"e":case"E":x=r.toExponential(l.precision);break;case"f":case"F":x=r.toFixed(l.precision);break;case"g":case"G":if(e(r)<1e-4){c=l.precision;if(c>0){c-=1}x=r.toExponential(c)}else{x=r.toPrecision(l.precision)}if(!l.alternate){x=n.call(x,p,"$1e");x=n.call(x,u,"e");x=n.call(x,s,"")}break;default:throw new Error("invalid double notation. Value: "+l.specifier)}x=n.call(x,i,"e+0$1");x=n.call(x,o,"e-0$1");if(l.alternate){x=n.call(x,v,"$1.");x=n.call(x,f,"$1.e")}if(r>=0&&l.sign){x=l.sign+x}x=l.specifier===t.call(l.specifier)?t.call(x):a.call(x);return x}r.exports=formatDouble},1836:(r,e,a)=>{

var t=a(6392);var n=a(122);var i=String.prototype.toLowerCase;var o=String.prototype.toUpperCase;function formatInteger(r){var e;var a;var v;switch(r.specifier){case"b":e=2;break;case"o":e=8;break;case"x":case"X":e=16;break;case"d":case"i":case"u":default:e=10;break}a=r.arg;v=parseInt(a,10);if(!isFinite(v)){if(!t(a)){throw new Error("invalid integer. Value: "+a)}v=0}if(v<0&&(r.specifier==="u"||e!==10)){v=4294967295+v+1}if(v<0){a=(-v).toString(e);if(r.precision){a=n(a,r.precision,r.padRight)}a="-"+a}else{a=v.toString(e);if(!v&&!r.precision){a=""}else if(r.precision){a=n(a,r.precision,r.padRight)}if(r.sign){a=r.sign+a}}if(e===16){if(r.alternate){a="0x"+a}a=r.specifier===o.call(r.specifier)?o.call(a):i.call(a)}if(e===8){if(r.alternate&&a.charAt(0)!=="0"){a="0"+a}}return a}r.exports=formatInteger},24:(r,e,a)=>{

var t=a(4879);r.exports=t},6392:r=>{

function isNumber(r){return typeof r==="number"}r.exports=isNumber},7852:r=>{

function isString(r){return typeof r==="string"}r.exports=isString},4879:(r,e,a)=>{

var t=a(1836);var n=a(7852);var i=a(6392);var o=a(2029);var v=a(4484);var f=a(122);var s=String.fromCharCode;var u=Array.isArray;function isnan(r){return r!==r}function initialize(r){var e={};e.specifier=r.specifier;e.precision=r.precision===void 0?1:r.precision;e.width=r.width;e.flags=r.flags||"";e.mapping=r.mapping;return e}function formatInterpolate(r){var e;var a;var p;var l;var c;var x;var y;var d;var g;var h;if(!u(r)){throw new TypeError("invalid argument. First argument must be an array. Value: `"+r+"`.")}x="";y=1;for(g=0;g<r.length;g++){p=r[g];if(n(p)){x+=p}else{e=p.precision!==void 0;p=initialize(p);if(!p.specifier){throw new TypeError("invalid argument. Token is missing `specifier` property. Index: `"+g+"`. Value: `"+p+"`.")}if(p.mapping){y=p.mapping}a=p.flags;for(h=0;h<a.length;h++){l=a.charAt(h);switch(l){case" ":p.sign=" ";break;case"+":p.sign="+";break;case"-":p.padRight=true;p.padZeros=false;break;case"0":p.padZeros=a.indexOf("-")<0;break;case"#":p.alternate=true;break;default:throw new Error("invalid flag: "+l)}}if(p.width==="*"){p.width=parseInt(arguments[y],10);y+=1;if(isnan(p.width)){throw new TypeError("the argument for * width at position "+y+" is not a number. Value: `"+p.width+"`.")}if(p.width<0){p.padRight=true;p.width=-p.width}}if(e){if(p.precision==="*"){p.precision=parseInt(arguments[y],10);y+=1;if(isnan(p.precision)){throw new TypeError("the argument for * precision at position "+y+" is not a number. Value: `"+p.precision+"`.")}if(p.precision<0){p.precision=1;e=false}}}p.arg=arguments[y];switch(p.specifier){case"b":case"o":case"x":case"X":case"d":case"i":case"u":if(e){p.padZeros=false}p.arg=t(p);break;case"s":p.maxWidth=e?p.precision:-1;p.arg=String(p.arg);break;case"c":if(!isnan(p.arg)){c=parseInt(p.arg,10);if(c<0||c>127){throw new Error("invalid character code. Value: "+p.arg)}p.arg=isnan(c)?String(p.arg):s(c)}break;case"e":case"E":case"f":case"F":case"g":case"G":if(!e){p.precision=6}d=parseFloat(p.arg);if(!isFinite(d)){if(!i(p.arg)){throw new Error("invalid floating-point number. Value: "+x)}d=p.arg;p.padZeros=false}p.arg=o(d,p);break;default:throw new Error("invalid specifier: "+p.specifier)}if(p.maxWidth>=0&&p.arg.length>p.maxWidth){p.arg=p.arg.substring(0,p.maxWidth)}if(p.padZeros){p.arg=f(p.arg,p.width||p.precision,p.padRight)}else if(p.width){p.arg=v(p.arg,p.width,p.padRight)}x+=p.arg||"";y+=1}}return x}r.exports=formatInterpolate},4484:r=>{

function spaces(r){var e="";var a;for(a=0;a<r;a++){e+=" "}return e}function spacePad(r,e,a){var t=e-r.length;if(t<0){return r}r=a?r+spaces(t):spaces(t)+r;return r}r.exports=spacePad},122:r=>{

function startsWithMinus(r){return r[0]==="-"}function zeros(r){var e="";var a;for(a=0;a<r;a++){e+="0"}return e}function zeroPad(r,e,a){var t=false;var n=e-r.length;if(n<0){return r}if(startsWithMinus(r)){t=true;r=r.substr(1)}r=a?r+zeros(n):zeros(n)+r;if(t){r="-"+r}return r}r.exports=zeroPad},9340:(r,e,a)=>{

var t=a(8755);r.exports=t},8755:r=>{

var e=/%(?:([1-9]\d*)\$)?([0 +\-#]*)(\*|\d+)?(?:(\.)(\*|\d+)?)?[hlL]?([%A-Za-z])/g;function parse(r){var e={mapping:r[1]?parseInt(r[1],10):void 0,flags:r[2],width:r[3],precision:r[5],specifier:r[6]};if(r[4]==="."&&r[5]===void 0){e.precision="1"}return e}function formatTokenize(r){var a;var t;var n;var i;t=[];i=0;n=e.exec(r);while(n){a=r.slice(i,e.lastIndex-n[0].length);if(a.length){t.push(a)}if(n[6]==="%"){t.push("%")}else{t.push(parse(n))}i=e.lastIndex;n=e.exec(r)}a=r.slice(i);if(a.length){t.push(a)}return t}r.exports=formatTokenize},7760:(r,e,a)=>{

var t=a(3191);r.exports=t},8676:r=>{

function isString(r){return typeof r==="string"}r.exports=isString},3191:(r,e,a)=>{

var t=a(24);var n=a(9340);var i=a(8676);function format(r){var e;var a;if(!i(r)){throw new TypeError(format("invalid argument. First argument must be a string. Value: `%s`.",r))}e=[n(r)];for(a=1;a<arguments.length;a++){e.push(arguments[a])}return t.apply(null,e)}r.exports=format},2038:(r,e,a)=>{

var t=a(2873);r.exports=t},2873:r=>{

var e=typeof Symbol==="function"?Symbol:void 0;r.exports=e},3084:(r,e,a)=>{

var t=a(8675);r.exports=t},8675:r=>{

function wrap(r){return constantFunction;function constantFunction(){return r}}r.exports=wrap},4568:(r,e,a)=>{

var t=a(6239);r.exports=t},6239:(r,e,a)=>{

var t=a(708);function setNonEnumerableReadOnly(r,e,a){t(r,e,{configurable:false,enumerable:false,writable:false,value:a})}r.exports=setNonEnumerableReadOnly},7619:r=>{

var e=Object.defineProperty;r.exports=e},5141:r=>{

var e=typeof Object.defineProperty==="function"?Object.defineProperty:null;r.exports=e},2342:(r,e,a)=>{

var t=a(5141);function hasDefinePropertySupport(){try{t({},"x",{});return true}catch(r){return false}}r.exports=hasDefinePropertySupport},708:(r,e,a)=>{

var t=a(2342);var n=a(7619);var i=a(61);var o;if(t()){o=n}else{o=i}r.exports=o},61:(r,e,a)=>{

var t=a(7760);var n=Object.prototype;var i=n.toString;var o=n.__defineGetter__;var v=n.__defineSetter__;var f=n.__lookupGetter__;var s=n.__lookupSetter__;function defineProperty(r,e,a){var u;var p;var l;var c;if(typeof r!=="object"||r===null||i.call(r)==="[object Array]"){throw new TypeError(t("invalid argument. First argument must be an object. Value: `%s`.",r))}if(typeof a!=="object"||a===null||i.call(a)==="[object Array]"){throw new TypeError(t("invalid argument. Property descriptor must be an object. Value: `%s`.",a))}p="value"in a;if(p){if(f.call(r,e)||s.call(r,e)){u=r.__proto__;r.__proto__=n;delete r[e];r[e]=a.value;r.__proto__=u}else{r[e]=a.value}}l="get"in a;c="set"in a;if(p&&(l||c)){throw new Error("invalid argument. Cannot specify one or more accessors and a value or writable attribute in the property descriptor.")}if(l&&o){o.call(r,e,a.get)}if(c&&v){v.call(r,e,a.set)}return r}r.exports=defineProperty},547:(r,e,a)=>{

var t=a(9501);var n=a(1006);var i=a(9728);var o;if(t()){o=i}else{o=n}r.exports=o},1006:(r,e,a)=>{

var t=a(5763);function nativeClass(r){return t.call(r)}r.exports=nativeClass},9728:(r,e,a)=>{

var t=a(1907);var n=a(4499);var i=a(5763);function nativeClass(r){var e;var a;var o;if(r===null||r===void 0){return i.call(r)}a=r[n];e=t(r,n);try{r[n]=void 0}catch(e){return i.call(r)}o=i.call(r);if(e){r[n]=a}else{delete r[n]}return o}r.exports=nativeClass},5763:r=>{

var e=Object.prototype.toString;r.exports=e},4499:(r,e,a)=>{

var t=a(2038);var n=typeof t==="function"?t.toStringTag:"";r.exports=n}};